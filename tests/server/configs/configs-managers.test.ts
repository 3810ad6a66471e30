/**
 * Issue 25: a config's project and account manager are staff users only (the config page shows
 * their email and telephone to the config's company and mails them its messages), and its
 * `agreement_id` must name an agreement of the config's company (issue 27): another company's
 * agreement, or none, is refused (tests/server/agreements/agreements.test.ts takes one of its own).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreements, configs, users } from '../../../server/db/schema';
import type { TestServer } from '../../support/server';
import { withDemoServer, type ConfigBody, type Demo, type ErrorBody } from '../configs-helpers';
import { call } from '../helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const idOf = async (email: string) => (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const create = (config: Record<string, unknown>) =>
  call<ConfigBody & ErrorBody & { agreement_id: number | null }>(server, 'POST', `/api/companies/${d.motors.company.guid}/configs`, { token: d.tokens.pm, body: { config: { name: 'Managed site', design_type: 'custom', ...config } } });
const configsNamed = async (name: string) => (await server.database.db.select({ id: configs.id }).from(configs).where(eq(configs.name, name))).length;

describe('POST /companies/{guid}/configs: managers and agreement', () => {
  it('names staff as project and account manager', async () => {
    const r = await create({ name: 'Staff managed', project_manager_id: await idOf('pm@demo.test'), account_manager_id: await idOf('am@demo.test') });
    expect(r.status).toBe(201);
    expect(r.body.mail).toMatchObject({ project_manager: { email: 'pm@demo.test' }, account_manager: { email: 'am@demo.test' } });
  });

  it.each([
    ['another company\'s dealer', 'dealer2@demo.test'],
    ['a dealer of the config\'s own company', 'dealer@demo.test'],
  ])('refuses %s as a manager (422 per field), creating nothing', async (_, email) => {
    const id = await idOf(email);
    const before = await configsNamed('Managed site');
    const r = await create({ project_manager_id: id, account_manager_id: id });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      message: 'The selected project manager is invalid.',
      errors: [
        { detail: 'The selected project manager is invalid.', field: 'config.project_manager_id' },
        { detail: 'The selected account manager is invalid.', field: 'config.account_manager_id' },
      ],
    });
    expect(await configsNamed('Managed site')).toBe(before);
    // One of them alone is refused too, whichever it is.
    expect((await create({ account_manager_id: id })).body.errors).toEqual([{ detail: 'The selected account manager is invalid.', field: 'config.account_manager_id' }]);
  });

  it("refuses an agreement_id that is not one of the company's agreements (422), and takes none", async () => {
    const others = await server.database.db.select({ id: agreements.id, companyId: agreements.companyId }).from(agreements);
    const otherCompany = others.find((a) => a.companyId !== d.motors.company.id)!.id;
    for (const agreement of [otherCompany, 999_999]) {
      const r = await create({ agreement_id: agreement });
      expect(r.status, String(agreement)).toBe(422);
      expect(r.body).toEqual({ message: 'The selected agreement is invalid.', errors: [{ detail: 'The selected agreement is invalid.', field: 'config.agreement_id' }] });
    }
    expect(await configsNamed('Managed site')).toBe(0);
    const none = await create({ name: 'No agreement', agreement_id: null });
    expect(none.status).toBe(201);
    expect(none.body.agreement_id).toBeNull();
  });
});
