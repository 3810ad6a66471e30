import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { call, login } from './helpers';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: both must sort alike.
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = (await login(server, 'admin@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
});

const query = (q: Record<string, unknown>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)])).toString();
const names = async (path: string, sort: [string, 'ASC' | 'DESC'], field = 'name') => {
  const r = await call<Array<Record<string, string>>>(server, 'GET', `${path}?${query({ sort, range: [0, 999] })}`, { token: admin });
  expect(r.status).toBe(200);
  return r.body.map((row) => row[field]);
};
/** The names of `wanted` in the order the list gave them. */
const orderOf = (list: string[], wanted: string[]) => list.filter((n) => wanted.includes(n));

describe('list ordering follows the reader\'s collation, not character codes (issue 26)', () => {
  it('sorts makes as a dictionary does: Dacia before DS, Mazda before MG and MINI, Škoda among the S', async () => {
    const makes = await names('/api/taxonomies/make/terms', ['name', 'ASC']);
    expect(orderOf(makes, ['DS', 'Dacia', 'MG', 'MINI', 'Mazda'])).toEqual(['Dacia', 'DS', 'Mazda', 'MG', 'MINI']);
    expect(orderOf(makes, ['SEAT', 'Škoda', 'Suzuki'])).toEqual(['SEAT', 'Škoda', 'Suzuki']);
    // Descending is the same order reversed.
    const down = await names('/api/taxonomies/make/terms', ['name', 'DESC']);
    expect(orderOf(down, ['DS', 'Dacia', 'MG', 'MINI', 'Mazda'])).toEqual(['MINI', 'MG', 'Mazda', 'DS', 'Dacia']);
  });

  it('sorts companies with accents where a reader looks for them: Côte d\'Azur before Cotswold', async () => {
    const companies = await names('/api/companies', ['name', 'ASC']);
    expect(orderOf(companies, ["Côte d'Azur Automobiles", 'Cotswold Prestige'])).toEqual(["Côte d'Azur Automobiles", 'Cotswold Prestige']);
  });
});
