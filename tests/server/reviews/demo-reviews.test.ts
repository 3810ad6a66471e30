import { describe, expect, it } from 'vitest';
import type { AgreementListItem } from '../../../contract/agreements';
import type { ReviewThread, ThreadCounts } from '../../../contract/reviews';
import type { NotificationsPage } from '../../../contract/variations';
import type { TestServer } from '../../support/server';
import { withDemoServer, type Demo } from '../configs-helpers';
import { call } from '../helpers';

// The demo data shows issue 55 (server/db/seed-reviews.ts, seed-agreements.ts): what a newcomer's
// first start shows on the review screens, the bell and the agreements list, read through the API.
let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

const get = <T>(token: string, path: string) => call<T>(server, 'GET', `/api${path}`, { token });
const DAY = 86_400_000;

describe('the demo review threads', () => {
  it("are on Demo Motors' config as the dealer reads them: a field thread with its answer, a stage thread mentioning the dealer, a resolved one", async () => {
    const threads = await get<ReviewThread[]>(d.tokens.dealer, `/configs/${d.motors.id}/threads`);
    expect(threads.status).toBe(200);
    const dealerId = threads.body.flatMap((t) => t.comments).find((c) => c.author?.name === 'Dana Dealer')!.author!.id;
    expect(threads.body.map((t) => [t.stage, t.pointer, t.status, t.orphaned, t.comments.map((c) => c.author?.name)])).toEqual([
      ['company-information', '/companyInformation/regAddress/line1', 'resolved', false, ['Pat Project']],
      ['locations', '/locations/1/postcode', 'open', false, ['Pat Project', 'Dana Dealer']],
      ['locations', '', 'open', false, ['Pat Project']],
    ]);
    expect(threads.body[0].resolved_by?.name).toBe('Pat Project');
    expect(threads.body[2].comments[0].body).toContain(`@[Dana Dealer](user:${dealerId})`);
    // Every comment written before now, in order, each thread after the config's last save.
    const times = threads.body.flatMap((t) => t.comments.map((c) => Date.parse(c.created_at)));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect((await get<ThreadCounts>(d.tokens.pm, `/configs/${d.motors.id}/threads/counts`)).body).toEqual({ locations: 2 });
    // Harbour Cars' config has none.
    expect((await get<ReviewThread[]>(d.tokens.pm, `/configs/${d.harbour.id}/threads`)).body).toEqual([]);
  });

  it("put the mention and the agreement to sign in the dealer's bell, the reply in the project manager's, in their words", async () => {
    const dealer = (await get<NotificationsPage>(d.tokens.dealer, '/notifications')).body;
    expect(dealer.data.map((n) => [n.event, n.title, n.link, n.read_at === null])).toEqual([
      ['mention', 'Pat Project mentioned you on Demo Motors website', `/configurator/${d.motors.id}/locations`, true],
      ['agreement_to_sign', 'An order form is waiting for your signature', expect.stringMatching(/^\/agreements\/\d+\/preview$/), false],
    ]);
    expect(dealer.data[0].body).toBe('On Locations: @Dana Dealer are Leeds and York the only sites for launch? If the Harrogate body shop opens before then, please add it here.');
    expect(dealer.unread).toBe(1);

    const pm = (await get<NotificationsPage>(d.tokens.pm, '/notifications')).body;
    expect(pm.data.map((n) => [n.event, n.title, n.body, n.read_at === null])).toEqual([
      ['reply', 'Dana Dealer replied on Locations of Demo Motors website', 'Yes, that is the showroom. Deliveries go round the back, but customers should use this one.', true],
    ]);
  });

  it('sent the waiting agreement with the default reminder and a month to sign it, to the dealer whose bell links to it', async () => {
    const list = (await get<AgreementListItem[]>(d.tokens.admin, '/agreements')).body;
    // Beside it, issue 57's "Demo Motors aftersales pages" waits for its second signer (tests/server/agreements/demo-turns.test.ts).
    const waiting = list.filter((a) => a.stage === 'sent' && a.name !== 'Demo Motors aftersales pages');
    expect(waiting.map((a) => [a.name, a.remind_after_days, a.expired])).toEqual([['Demo Motors website launch', 3, false]]);
    // The end of the day 30 days after seeding (the test run's seed is minutes old).
    const expires = Date.parse(waiting[0].expires_at!);
    expect(expires - Date.now()).toBeGreaterThan(29 * DAY);
    expect(expires - Date.now()).toBeLessThan(31 * DAY);
    expect(new Date(expires).toISOString()).toMatch(/T23:59:59\.999Z$/);
    const bell = (await get<NotificationsPage>(d.tokens.dealer, '/notifications')).body.data.find((n) => n.event === 'agreement_to_sign')!;
    expect(bell.link).toBe(`/agreements/${waiting[0].id}/preview`);
    const [y, m, day] = new Date(expires).toISOString().slice(0, 10).split('-');
    expect(bell.body).toBe(`Demo Motors website launch (A-${waiting[0].id}): read it and sign it in the portal. It expires on ${day}/${m}/${y}: after that it can no longer be signed.`);
  });
});
