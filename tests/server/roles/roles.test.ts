import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('permission checks (requirePermission)', () => {
  it("lets a holder of 'view permissions' list roles and permissions", async () => {
    const { token } = await login(server, 'admin@demo.test');
    const perms = await call<Array<{ name: string }>>(server, 'GET', '/api/permissions', { token });
    expect(perms.status).toBe(200);
    expect(perms.body.map((p) => p.name)).toContain('tracker reports');
    const roles = await call<Array<{ id: number; name: string; permissions: unknown[] }>>(server, 'GET', '/api/roles', { token });
    expect(roles.body.slice(0, 4).map((r) => [r.id, r.name])).toEqual([[1, 'Client'], [2, 'Administrator'], [3, 'Project Manager'], [4, 'Account Manager']]);
  });

  it("answers 403 'No Access.' without the permission and 401 without a token", async () => {
    const { token } = await login(server, 'dealer@demo.test');
    const r = await call(server, 'GET', '/api/roles', { token });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'No Access.' });
    expect((await call(server, 'GET', '/api/permissions')).status).toBe(401);
  });
});
