// Shared by the configs API tests: signed-in demo users, the demo configs, and stage writes.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { companyInformation } from '../engine/fixtures';
import { call, login, type Reply } from './helpers';

export { companyInformation };

export interface ConfigBody {
  id: number;
  guid: string;
  name: string;
  version: number;
  progress: number;
  status: string;
  company: { id: number; guid: string; name: string };
  stages: Array<{ slug: string; state: string; open: boolean; done: boolean; complete: boolean; audience: string }>;
  data: Record<string, Record<string, unknown>>;
  internal_data?: Record<string, unknown>;
  mail: { project_manager: Record<string, unknown> | null; account_manager: Record<string, unknown> | null };
  message?: string;
  changed?: boolean;
  changedStages?: string[];
  warnings?: unknown[];
}
export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }>; version?: number };

export interface Demo {
  tokens: { dealer: string; dealer2: string; pm: string; am: string; admin: string };
  /** Demo Motors' "Demo Motors website" and Harbour Cars' config, as the admin sees them. */
  motors: ConfigBody;
  harbour: ConfigBody;
}

/** Signs in every demo user and loads the two seeded configs. */
export async function demo(server: TestServer): Promise<Demo> {
  const [dealer, dealer2, pm, am, admin] = await Promise.all(
    ['dealer@demo.test', 'dealer2@demo.test', 'pm@demo.test', 'am@demo.test', 'admin@demo.test'].map((email) => login(server, email)),
  );
  const list = await call<ConfigBody[]>(server, 'GET', '/api/configs?sort=["id","ASC"]', { token: admin.token });
  const byName = (name: string) => list.body.find((c) => c.name === name)!;
  const full = async (c: ConfigBody) => (await call<ConfigBody>(server, 'GET', `/api/configs/${c.id}`, { token: admin.token })).body;
  return {
    tokens: { dealer: dealer.token, dealer2: dealer2.token, pm: pm.token, am: am.token, admin: admin.token },
    motors: await full(byName('Demo Motors website')),
    harbour: await full(byName('Harbour Cars website')),
  };
}

/**
 * A test file's server, with the demo data and every demo user signed in: started before the
 * file's tests (handed to `started`), closed after them.
 * @example let server: TestServer; let d: Demo; withDemoServer((s) => ({ server, d } = s));
 */
export function withDemoServer(started: (s: { server: TestServer; d: Demo }) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    started({ server, d: await demo(server) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
}

/** `/api/companies/{company guid}/configs/{config guid}` */
export const configPath = (c: Pick<ConfigBody, 'guid' | 'company'>) => `/api/companies/${c.company.guid}/configs/${c.guid}`;

/** A fresh config for a company, created by staff (create configs). */
export async function newConfig(server: TestServer, token: string, companyGuid: string, name = `Config ${Math.random().toString(36).slice(2, 8)}`): Promise<ConfigBody> {
  const r = await call<ConfigBody>(server, 'POST', `/api/companies/${companyGuid}/configs`, { token, body: { config: { name, design_type: 'custom' }, lang: 'en' } });
  if (r.status !== 201) throw new Error(`create config: ${r.status} ${r.text}`);
  return r.body;
}

/** PUT one stage. */
export function writeStage(
  server: TestServer,
  token: string,
  config: Pick<ConfigBody, 'guid' | 'company'>,
  body: { slug: string; data?: unknown; state: string; version: number; action?: string; internal_data?: unknown },
): Promise<Reply<ConfigBody & ErrorBody>> {
  return call<ConfigBody & ErrorBody>(server, 'PUT', configPath(config), { token, body });
}

/**
 * Writes several stages in a row (each on the version the previous answered) and returns the
 * last answer; throws on any refusal so a test names the step that failed.
 */
export async function writeStages(server: TestServer, token: string, config: ConfigBody, writes: Array<{ slug: string; data: unknown; state: string }>): Promise<ConfigBody> {
  let current = config;
  for (const w of writes) {
    const r = await writeStage(server, token, current, { ...w, version: current.version });
    if (r.status !== 200) throw new Error(`write ${w.slug}: ${r.status} ${r.text}`);
    current = r.body;
  }
  return current;
}

/** Franchises with ids from their names ('BMW' -> 'fBMW'), so removing one keeps the others' ids. */
export const franchises = (...names: string[]) => ({ franchises: names.map((name) => ({ id: `f${name.replace(/[^A-Za-z0-9]/g, '')}`, name })) });
export const location = (id: string, name: string, refs: string[]) => ({
  id,
  name,
  address: { line1: `${name} Road`, town: 'Leeds', country: 'GB' },
  postcode: 'LS1 1AA',
  franchises: refs,
});
