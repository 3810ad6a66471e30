import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login } from '../helpers';

let server: TestServer;
let demoMotors: { id: number; guid: string };
let harbour: { id: number; guid: string };
beforeAll(async () => {
  server = await startTestServer();
  const dealer = await login(server, 'dealer@demo.test');
  demoMotors = (await call<{ company: { id: number; guid: string } }>(server, 'GET', '/api/users/current', { token: dealer.token })).body.company;
  const dealer2 = await login(server, 'dealer2@demo.test');
  harbour = (await call<{ company: { id: number; guid: string } }>(server, 'GET', '/api/users/current', { token: dealer2.token })).body.company;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/companies/{id}', () => {
  it('gives a dealer their own company by id or guid', async () => {
    const { token } = await login(server, 'dealer@demo.test');
    for (const key of [demoMotors.id, demoMotors.guid]) {
      const r = await call<{ name: string; users: Array<{ email: string }>; taxonomies: unknown[] }>(server, 'GET', `/api/companies/${key}`, { token });
      expect(r.status).toBe(200);
      expect(r.body.name).toBe('Demo Motors');
      // Dana and, since issue 57's demo agreement in turns, its second signer.
      expect(r.body.users.map((u) => u.email).sort()).toEqual(['dealer@demo.test', 'finance@demo.test']);
      expect(r.body.taxonomies.length).toBeGreaterThan(0);
    }
  });

  it("hides another dealer's company (404, as if it did not exist)", async () => {
    const { token } = await login(server, 'dealer@demo.test');
    for (const key of [harbour.id, harbour.guid, 99999, 'not-an-id']) {
      const r = await call(server, 'GET', `/api/companies/${key}`, { token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: 'Page Not Found.' });
    }
  });

  it("lets staff with 'view companies' load any company", async () => {
    const { token } = await login(server, 'am@demo.test');
    const r = await call<{ name: string; stage: string }>(server, 'GET', `/api/companies/${harbour.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Harbour Cars', stage: 'showcase' });
  });

  it('needs a signed-in user', async () => {
    expect((await call(server, 'GET', `/api/companies/${demoMotors.id}`)).status).toBe(401);
  });
});
