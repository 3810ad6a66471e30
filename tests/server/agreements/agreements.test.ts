// The agreements API (issue 27) on a real server and database: the list, create with its
// prefilled details and defaults, updates with the server's own maths, the lifecycle (send
// freezes the catalogue, recall, archive), tenancy, permissions and bad input (nothing stored).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, media, products, users } from '../../../server/db/schema';
import { agreementsWorld, MOTORS_CREATED, MOTORS_SENT, HARBOUR_SIGNED, type AgreementDetail, type AgreementListItem, type AgreementsWorld, type ErrorBody, type Who } from './agreements-helpers';

let w: AgreementsWorld;
let motors: number;
let harbour: number;
beforeAll(async () => {
  w = await agreementsWorld();
  motors = await w.companyId('Demo Motors');
  harbour = await w.companyId('Harbour Cars');
});
afterAll(async () => {
  await w?.close();
});

const db = () => w.server.database.db;
const agreementCount = async () => (await db().select({ n: count() }).from(agreements))[0].n;
const list = (who: Who, query: Record<string, unknown> = {}, path = '/api/agreements') => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return w.as<AgreementListItem[]>(who, 'GET', `${path}?${search}`);
};
const create = (who: Who, agreement: Record<string, unknown>, lang: unknown = 'en-GB') => w.as<AgreementDetail & ErrorBody>(who, 'POST', '/api/agreements', { agreement, lang });
const put = (who: Who, a: Pick<AgreementDetail, 'company_guid' | 'guid'>, agreement: Record<string, unknown>) =>
  w.as<AgreementDetail & ErrorBody>(who, 'PUT', `/api/companies/${a.company_guid}/agreements/${a.guid}`, { agreement });

describe('demo agreements', () => {
  it('has every stage, two waiting for Demo Motors, priced from the demo catalogue', async () => {
    const rows = await db().select().from(agreements);
    expect(new Set(rows.map((r) => r.stage))).toEqual(new Set(['created', 'sent', 'signed']));
    expect(rows.some((r) => r.archivedAt !== null)).toBe(true);
    // The one any user of the company may sign, and issue 57's in turns (tests/server/agreements/demo-turns.test.ts).
    const waiting = rows.filter((r) => r.companyId === motors && r.stage === 'sent').sort((a, b) => a.id - b.id);
    expect(waiting.map((r) => r.name)).toEqual([MOTORS_SENT, 'Demo Motors aftersales pages']);
    expect(waiting[0].subscription.products.length).toBeGreaterThan(0);
    expect(waiting[0].subscription.contractValue).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.companyId)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('GET /api/agreements', () => {
  it('lists the open agreements with Content-Range, every list field and the company currency', async () => {
    const r = await list('admin', { sort: ['created_at', 'ASC'], range: [0, 9] });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toMatch(/^agreements 0-\d+\/\d+$/);
    expect(r.body.every((a) => !a.archived)).toBe(true);
    const sent = r.body.find((a) => a.name === MOTORS_SENT)!;
    expect(sent).toMatchObject({ stage: 'sent', type: 'new', company_id: motors, company_name: 'Demo Motors', currency: 'GBP', salesperson: { name: 'Andy Account' } });
    expect(sent.contract_value).toBeGreaterThan(sent.monthly_contract_value);
    expect(r.body.find((a) => a.name === HARBOUR_SIGNED)).toMatchObject({ stage: 'signed', currency: 'EUR' });
    expect(sent.sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters by stage (plain or in filter), company, search and archived, and sorts by value', async () => {
    expect((await list('admin', { stage: 'sent' })).body.every((a) => a.stage === 'sent')).toBe(true);
    expect((await list('admin', { filter: { stage: 'created' } })).body.every((a) => a.stage === 'created')).toBe(true);
    expect((await list('admin', { filter: { company_id: harbour } })).body.map((a) => a.name)).toEqual([HARBOUR_SIGNED]);
    expect((await list('admin', { q: 'used car' })).body.map((a) => a.name)).toEqual([MOTORS_CREATED]);
    const archived = await list('admin', { filter: { archived: true } });
    expect(archived.body.length).toBeGreaterThan(0);
    expect(archived.body.every((a) => a.archived)).toBe(true);
    const byValue = (await list('admin', { sort: ['contract_value', 'DESC'] })).body.map((a) => a.contract_value);
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a));
  });

  it("gives a dealer their own company's agreements only, also per company", async () => {
    const mine = await list('dealer');
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((a) => a.company_id === motors)).toBe(true);
    expect((await list('dealer', { filter: { company_id: harbour } })).body).toEqual([]);
    expect((await list('dealer', {}, `/api/companies/${motors}/agreements`)).body.length).toBe(mine.body.length);
    expect((await list('dealer2', {}, `/api/companies/${motors}/agreements`)).status).toBe(404);
    expect((await list('admin', {}, '/api/companies/999999/agreements')).status).toBe(404);
  });

  it('answers a bad sort, range, filter or stage with 400 in the error shape', async () => {
    for (const query of [{ sort: ['nope', 'ASC'] }, { range: [5, 1] }, { filter: { colour: 'red' } }, { stage: 'lost' }, { filter: { archived: 'maybe' } }]) {
      const r = await list('admin', query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect((r.body as unknown as ErrorBody).message).toBe('The sort, range or filter of the list is not valid.');
    }
  });
});

describe('POST /api/agreements', () => {
  it('creates a created agreement prefilled from the company and its config, with the defaults of section 9', async () => {
    const r = await create('am', { name: 'Demo Motors second site', company_id: motors, type: 'amendment' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ stage: 'created', type: 'amendment', archived: false, lang: 'en-GB', company_id: motors, salesperson: { name: 'Andy Account' }, signature: null, envelopes: [], document_sha256: null });
    const d = r.body.company_details;
    expect(d).toMatchObject({ name: 'Demo Motors Ltd', reg_number: '01234567', vat_number: 'GB987654321', fsa_number: '654321', ico_number: 'ZA765432', contact_name: 'Dana Dealer', contact_position: 'Dealer Principal', contact_email: 'dana@demo-motors.example' });
    expect(d.reg_address).toMatchObject({ line1: '1 Kirkstall Road', postcode: 'LS3 1LH' });
    expect(d.franchises).toEqual([
      { name: 'BMW', locations: { sales: ['Demo Motors Leeds'], aftersales: ['Demo Motors Leeds'] } },
      { name: 'Ford', locations: { sales: ['Demo Motors York'], aftersales: ['Demo Motors York'] } },
      { name: 'Vauxhall', locations: { sales: ['Demo Motors York'], aftersales: ['Demo Motors York'] } },
    ]);
    const s = r.body.subscription;
    expect(s).toMatchObject({ term: 36, setUpPayment: 3000, totalDiscountPercentage: 0, setUpDiscount: 0 });
    const defaults = r.body.pricing.catalogue.filter((p) => p.add_by_default_in_agreement).map((p) => p.id);
    expect(s.products.map((p) => p.product_id)).toEqual(defaults);
    expect(s.contractValue).toBeGreaterThan(0);
    expect(r.body.pricing).toMatchObject({ counts: { locations: 2, franchises: 3 }, currency: 'GBP' });
    // The company's catalogue: its region and type terms, by position.
    const positions = r.body.pricing.catalogue.map((p) => p.order_column);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const got = await w.as('am', 'GET', `/api/agreements/${r.body.id}`);
    expect(got.body.guid).toBe(r.body.guid);
  });

  it('refuses a missing name or company and an unknown company (422), a bad type or language (400), storing nothing', async () => {
    const before = await agreementCount();
    const noName = await create('admin', { name: '  ', company_id: motors });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual([{ detail: 'The name field must be filled in', field: 'agreement.name' }]);
    const unknown = await create('admin', { name: 'X', company_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ detail: 'Please choose an existing company.', field: 'agreement.company_id' }]);
    expect((await create('admin', { name: 'X', company_id: motors, type: 'lease' })).status).toBe(400);
    expect((await create('admin', { name: 'X', company_id: motors }, 'de-DE')).status).toBe(400);
    expect((await create('admin', { name: 'X', company_id: 'Demo Motors' })).status).toBe(400);
    expect(await agreementCount()).toBe(before);
  });
});

describe('PUT /api/companies/{guid}/agreements/{agreementGuid}', () => {
  it('stores the fields sent and recomputes the derived values whatever the client sent', async () => {
    const a = (await create('am', { name: 'Maths check', company_id: motors })).body;
    const product = a.pricing.catalogue.find((p) => p.cost_type === 'per month' && !p.children)!;
    const r = await put('am', a, { notes: 'Internal only', message: 'Welcome aboard', subscription: { products: [{ product_id: product.id }], term: 24, contractValue: 1, monthlyContractValue: 2, designCost: 3, designType: 'custom' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ notes: 'Internal only', message: 'Welcome aboard' });
    expect(r.body.subscription.designCost).toBe(4500);
    expect(r.body.subscription.contractValue).not.toBe(1);
    expect(r.body.subscription.monthlyContractValue).not.toBe(2);
    const [stored] = await db().select().from(agreements).where(eq(agreements.id, a.id));
    expect(stored.subscription.contractValue).toBe(r.body.subscription.contractValue);
    // A dealer never sees internal notes.
    const asDealer = await w.as('dealer', 'GET', `/api/companies/${a.company_guid}/agreements/${a.guid}`);
    expect(asDealer.status).toBe(200);
    expect(asDealer.body.notes).toBeNull();
    expect(asDealer.body.message).toBe('Welcome aboard');
    // Numeric ids work on the same path.
    expect((await w.as('am', 'GET', `/api/companies/${motors}/agreements/${a.id}`)).body.guid).toBe(a.guid);
    expect((await w.as('am', 'GET', `/api/companies/${harbour}/agreements/${a.id}`)).status).toBe(404);
  });

  it("answers the maths' refusals, a bad postcode or logo with 422 at the field, and stores nothing", async () => {
    const a = (await create('am', { name: 'Refusals', company_id: motors })).body;
    const before = (await db().select().from(agreements).where(eq(agreements.id, a.id)))[0];
    const term = await put('am', a, { subscription: { term: 12 } });
    expect(term.status).toBe(422);
    expect(term.body.errors).toEqual([expect.objectContaining({ field: 'agreement.subscription.term' })]);
    const unknownProduct = await put('am', a, { subscription: { products: [{ product_id: 999_999 }] } });
    expect(unknownProduct.status).toBe(422);
    expect(unknownProduct.body.errors?.[0].field).toBe('agreement.subscription.products.0.product_id');
    const details = { ...a.company_details, reg_address: { ...a.company_details.reg_address, postcode: '123' } };
    const postcode = await put('am', a, { company_details: details });
    expect(postcode.status).toBe(422);
    expect(postcode.body.errors).toEqual([{ detail: 'must be a valid postcode', field: 'company_details.reg_address.postcode' }]);
    const logo = await put('am', a, { company_details: { ...a.company_details, logo_path: 'https://elsewhere.example/logo.png' } });
    expect(logo.status).toBe(422);
    expect(logo.body.errors?.[0].field).toBe('company_details.logo_path');
    const [dealer] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'dealer@demo.test'));
    const notStaff = await put('am', a, { user_id: dealer.id });
    expect(notStaff.status).toBe(422);
    expect((await put('am', a, { subscription: { term: 'long' } })).status).toBe(400);
    expect((await put('am', a, { colour: 'red' })).status).toBe(400);
    const after = (await db().select().from(agreements).where(eq(agreements.id, a.id)))[0];
    expect(after).toEqual(before);
    // A logo of the media library is taken (stored as its address) and printed in the PDF.
    const [image] = await db().select({ guid: media.guid }).from(media).where(eq(media.mime, 'image/png')).limit(1);
    const withLogo = await put('am', a, { company_details: { ...a.company_details, logo_path: image.guid } });
    expect(withLogo.status).toBe(200);
    expect(withLogo.body.company_details.logo_path).toBe(`/api/media/${image.guid}/file`);
    const pdf = await w.pdf('am', a.id);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    // A UK postcode is stored normalised.
    const ok = await put('am', a, { company_details: { ...a.company_details, address: { ...a.company_details.address, postcode: 'ls31lh' } } });
    expect(ok.status).toBe(200);
    expect(ok.body.company_details.address.postcode).toBe('LS3 1LH');
  });
});

describe('lifecycle', () => {
  it('sends (freezing the catalogue), refuses edits while sent, recalls, and archives', async () => {
    const a = (await create('am', { name: 'Lifecycle', company_id: motors })).body;
    const chosen = a.subscription.products[0].product_id;
    const sent = await put('am', a, { stage: 'sent' });
    expect(sent.status).toBe(200);
    expect(sent.body.stage).toBe('sent');
    expect(sent.body.sent_at).not.toBeNull();
    expect(sent.body.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    const frozen = sent.body.pricing.catalogue.find((p) => p.id === chosen)!;
    // A catalogue change after sending never alters what the dealer signs.
    const [row] = await db().select().from(products).where(eq(products.id, chosen));
    await db().update(products).set({ cost: String(Number(row.cost) + 100) }).where(eq(products.id, chosen));
    const again = await w.as('am', 'GET', `/api/agreements/${a.id}`);
    expect(again.body.pricing.catalogue.find((p) => p.id === chosen)!.cost).toBe(frozen.cost);
    expect(again.body.subscription.contractValue).toBe(sent.body.subscription.contractValue);
    await db().update(products).set({ cost: row.cost }).where(eq(products.id, chosen));

    const edit = await put('am', a, { notes: 'late change' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This agreement has been sent for signature: recall it before changing it.');
    const recalled = await put('am', a, { stage: 'created', notes: 'changed after recall' });
    expect(recalled.status).toBe(200);
    expect(recalled.body).toMatchObject({ stage: 'created', sent_at: null, notes: 'changed after recall', document_sha256: null });

    const archived = await w.as('am', 'POST', `/api/agreements/${a.guid}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect((await list('admin', { q: 'Lifecycle' })).body).toEqual([]);
    expect((await list('admin', { q: 'Lifecycle', filter: { archived: true } })).body.map((x) => x.id)).toEqual([a.id]);
  });

  it('lets only one of two concurrent sends win', async () => {
    const a = (await create('am', { name: 'Race', company_id: motors })).body;
    const results = await Promise.all([put('am', a, { stage: 'sent' }), put('admin', a, { stage: 'sent' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await db().select().from(agreements).where(eq(agreements.id, a.id));
    expect(row.version).toBe(2);
  });

  it('refuses every write to a signed agreement with 409, and signing through PUT', async () => {
    const signed = await w.seeded(HARBOUR_SIGNED);
    const detail = (await w.as('admin', 'GET', `/api/agreements/${signed.id}`)).body;
    for (const body of [{ notes: 'x' }, { stage: 'created' }, { subscription: { term: 48 } }, {}]) {
      const r = await put('admin', detail, body);
      expect(r.status, JSON.stringify(body)).toBe(409);
      expect(r.body.message).toBe('This agreement is signed and can no longer be changed.');
    }
    const draft = (await create('am', { name: 'Not for PUT signing', company_id: motors })).body;
    await put('am', draft, { stage: 'sent' });
    expect((await put('am', draft, { stage: 'signed' })).status).toBe(403);
    const [after] = await db().select().from(agreements).where(eq(agreements.id, signed.id));
    expect(after.version).toBe(signed.version);
  });
});

describe('tenancy and permissions', () => {
  it("keeps Demo Motors' agreement and its PDF from Harbour Cars' dealer (404, as for none)", async () => {
    const a = await w.seeded(MOTORS_SENT);
    const [company] = (await list('admin', { filter: { id: a.id } })).body;
    expect((await w.as('dealer2', 'GET', `/api/agreements/${a.id}`)).status).toBe(404);
    expect((await w.as('dealer2', 'GET', `/api/companies/${company.company_guid}/agreements/${a.guid}`)).status).toBe(404);
    expect((await w.pdf('dealer2', a.id)).status).toBe(404);
    expect((await w.as('dealer', 'GET', `/api/agreements/${a.guid}`)).status).toBe(200);
    expect((await w.as('admin', 'GET', '/api/agreements/999999')).status).toBe(404);
    expect((await w.as('admin', 'GET', '/api/agreements/not-an-id')).status).toBe(404);
  });

  it('checks view agreements and edit agreements on every call', async () => {
    const a = await w.seeded(MOTORS_CREATED);
    const [row] = (await list('admin', { filter: { id: a.id } })).body;
    const calls: Array<[string, (who: Who) => Promise<{ status: number }>]> = [
      ['list', (who) => list(who)],
      ['company list', (who) => list(who, {}, `/api/companies/${motors}/agreements`)],
      ['get', (who) => w.as(who, 'GET', `/api/agreements/${a.id}`)],
      ['get by company', (who) => w.as(who, 'GET', `/api/companies/${row.company_guid}/agreements/${a.guid}`)],
      ['pdf', (who) => w.pdf(who, a.id)],
      ['create', (who) => create(who, { name: `By ${who}`, company_id: motors })],
      ['update', (who) => put(who, row, { message: `By ${who}` })],
      ['archive', (who) => w.as(who, 'POST', `/api/agreements/999999/archive`)],
      ['mail', (who) => w.as(who, 'POST', `/api/mail/${a.id}`, { to: 'not-an-address', data: { username: 'x', editionsurl: 'x', regionTelephone: 'x', keyContact: 'x' } })],
      ['envelope', (who) => w.as(who, 'POST', `/api/docusign/envelopes/999999`, { recipient: 'x@example.test' })],
    ];
    // 200/201 allowed; 404/422 is allowed too (the permission passed, the record or input did not).
    const expected: Record<string, Record<Who, number[]>> = {};
    const reads = { admin: [200], am: [200], pm: [200], dealer: [200], dealer2: [200], viewer: [200], editor: [403], dev: [403], anonymous: [401] } as Record<Who, number[]>;
    const writes = { admin: [200, 201, 404, 422], am: [200, 201, 404, 422], pm: [200, 201, 404, 422], dealer: [403], dealer2: [403], viewer: [403], editor: [200, 201, 404, 422], dev: [403], anonymous: [401] } as Record<Who, number[]>;
    for (const [name] of calls) expected[name] = ['list', 'company list', 'get', 'get by company', 'pdf'].includes(name) ? reads : writes;
    // Harbour Cars' dealer may list (their own) but not open Demo Motors' records.
    for (const name of ['company list', 'get', 'get by company', 'pdf']) expected[name] = { ...reads, dealer2: [404] };
    // A reader with only 'view agreements' and no company sees no company's agreements (tenancy).
    for (const name of ['company list', 'get', 'get by company', 'pdf']) expected[name] = { ...expected[name], viewer: [404] };
    for (const [name, run] of calls) {
      for (const who of Object.keys(reads) as Who[]) {
        const { status } = await run(who);
        expect(expected[name][who], `${name} as ${who}: ${status}`).toContain(status);
      }
    }
  });
});

describe("a config's agreement", () => {
  it("must be an agreement of the config's company", async () => {
    const own = await w.seeded(MOTORS_CREATED);
    const other = await w.seeded(HARBOUR_SIGNED);
    const [company] = (await list('admin', { filter: { id: own.id } })).body;
    const make = (agreement_id: number) => w.as<{ agreement_id: number | null } & ErrorBody>('admin', 'POST', `/api/companies/${company.company_guid}/configs`, { config: { name: `With agreement ${agreement_id}`, design_type: 'custom', agreement_id } });
    const refused = await make(other.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ detail: 'The selected agreement is invalid.', field: 'config.agreement_id' }]);
    expect((await make(999_999)).status).toBe(422);
    const ok = await make(own.id);
    expect(ok.status).toBe(201);
    expect(ok.body.agreement_id).toBe(own.id);
  });
});
