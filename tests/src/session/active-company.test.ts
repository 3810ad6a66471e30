// @vitest-environment jsdom
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { HttpClient } from '../../../src/http/client';
import { SessionController } from '../../../src/session/session';
import { readActiveCompanyId } from '../../../src/session/storage';
import { memoryStorage } from '../http/memoryStorage';

// A real HTTP server stands in for the API: one company answers slowly, like a busy server.
let stub: StubApi;
let base: string;

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    const json = (data: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.url === '/api/companies/2') return void setTimeout(() => json({ id: 2, name: 'Harbour Cars' }), 300);
    if (req.url === '/api/companies/3') return json({ id: 3, name: 'Quayside Motors' });
    if (req.url === '/api/users/current') return json({ user: { id: 1, name: 'Alex Admin', email: 'admin@demo.test', roles: [] }, company: null });
    res.writeHead(404).end();
  });
  base = stub.base;
});

afterAll(() => stub.close());

it('a slow company load that answers after the user cleared the active company does not bring it back', async () => {
  const session = new SessionController(new HttpClient(base, memoryStorage()));
  const slow = session.loadCompany(2);
  await session.clearActiveCompany();
  await slow;
  expect(readActiveCompanyId()).toBeNull();
  expect(session.getState().company).toBeNull();
});

it('of two picks, the later one wins even when the earlier answers last', async () => {
  const session = new SessionController(new HttpClient(base, memoryStorage()));
  const slow = session.loadCompany(2);
  await session.loadCompany(3);
  await slow;
  expect(readActiveCompanyId()).toBe(3);
  expect(session.getState().company?.name).toBe('Quayside Motors');
});

it("a dealer's address of their own other company makes it their current one on the server; another company's is loaded as before", async () => {
  const puts: string[] = [];
  const own = await startStubApi((req, res) => {
    const json = (data: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const dealer = { id: 7, name: 'Cooper Ryan', email: 'cooper@example.test', roles: [{ id: 1, name: 'Client', permissions: [{ id: 1, name: 'view configs' }] }] };
    const companies = [{ id: 2, name: 'Gold Coast Prestige', lang: 'en' }, { id: 3, name: 'Hunter Valley Motors', lang: 'fr' }];
    if (req.method === 'PUT' && req.url === '/api/users/current/company') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      return void req.on('end', () => {
        puts.push(body);
        json({ user: dealer, company: companies[1], companies });
      });
    }
    if (req.url === '/api/users/current') return json({ user: dealer, company: companies[0], companies });
    if (req.url === '/api/companies/3') return json(companies[1]);
    if (req.url === '/api/companies/4') return json({ id: 4, name: 'Not theirs' });
    res.writeHead(404).end();
  });
  try {
    const session = new SessionController(new HttpClient(own.base, memoryStorage()));
    await session.loadCurrent();
    expect(session.getState().company?.name).toBe('Gold Coast Prestige');
    await session.openCompany(3);
    expect(puts.map((b) => JSON.parse(b))).toEqual([{ company_id: 3 }]);
    expect(session.getState().company?.name).toBe('Hunter Valley Motors');
    expect(readActiveCompanyId()).toBeNull();
    // Its language is their default now (as at sign-in), unless they chose one: kept for the
    // session's next start in this browser (a new tab, a reload).
    expect(document.cookie.split('; ')).toContain('portal_account_lang=fr');
    // Their current company again: nothing to switch (it is loaded, as any company dashboard's).
    await session.openCompany(3);
    expect(puts).toHaveLength(1);
    // A company not theirs: loaded as the active one, as before (the server answers or refuses it).
    await session.openCompany(4);
    expect(puts).toHaveLength(1);
    expect(readActiveCompanyId()).toBe(4);
  } finally {
    await own.close();
  }
});
