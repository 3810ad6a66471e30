// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../src/http/client';
import { SessionController } from '../../../src/session/session';
import { readActiveCompanyId } from '../../../src/session/storage';
import { memoryStorage } from '../http/memoryStorage';

// A real HTTP server stands in for the API: one company answers slowly, like a busy server.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (data: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.url === '/api/companies/2') return void setTimeout(() => json({ id: 2, name: 'Harbour Cars' }), 300);
    if (req.url === '/api/companies/3') return json({ id: 3, name: 'Quayside Motors' });
    if (req.url === '/api/users/current') return json({ user: { id: 1, name: 'Alex Admin', email: 'admin@demo.test', roles: [] }, company: null });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
