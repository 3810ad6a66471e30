/**
 * The floor of `npm run bench -- config-writes` on PostgreSQL: what 50 closed-loop writers get
 * from a server that does nothing but the unavoidable part of a stage write, in its own process
 * as the portal is: a bare Fastify receiving the same PUT bodies (the whole opening hours, about
 * 100 KB, as the spec's PUT carries a stage's data) and parsing them, then ONE statement that
 * bumps the version if it is still the one sent, stores the stage and appends a revision row. No
 * sign-in, engine, validation, cascade or history diff.
 *
 * Two floors, each on its own fresh database:
 * - `whole`: the stage stored whole in its one row (the spec's storage: one meta entry per stage);
 * - `field`: only the edited opening time written, with jsonb_set, into the stage's one row (what
 *   the portal sends the database for such an edit: server/configs/configs.write.ts stagePatches). The bench also
 *   drives it with requests carrying only the edit (a JSON patch), as a patch-based PUT would.
 * The portal's figures over these say what its own work costs; a floor above the budget
 * says the budget is out of reach for this storage on this machine, whatever the portal does.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './server-process';

export type FloorMode = 'whole' | 'field';

export interface WriteFloor {
  url: string;
  /** Config guids to write to, each at version 1. */
  guids: string[];
  stop(): Promise<void>;
}

/** Starts a floor server on a fresh database of `databaseUrl`'s server, with `count` stages of `stage` (JSON). */
export async function startWriteFloor(databaseUrl: string, mode: FloorMode, count: number, stage: string): Promise<WriteFloor> {
  const created = await createDatabase(databaseUrl);
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_WRITE_FLOOR: '1' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<{ url: string; guids: string[] }>((resolve, reject) => {
      child.once('message', (m: { url?: string; guids?: string[]; error?: string }) => (m.url ? resolve(m as { url: string; guids: string[] }) : reject(new Error(m.error))));
      child.once('exit', (code) => reject(new Error(`write floor exited (${code})`)));
      child.send({ databaseUrl: created.url, mode, count, stage });
    });
    return {
      ...ready,
      async stop() {
        const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
        child.kill('SIGTERM');
        await exited;
        await created.drop().catch(() => {});
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    await created.drop().catch(() => {});
    throw err;
  }
}

async function serve(m: { databaseUrl: string; mode: FloorMode; count: number; stage: string }): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const pg = (await import('pg')).default;
  // As the portal's pool (server/db/database.ts).
  const pool = new pg.Pool({ connectionString: m.databaseUrl, max: 10 });
  await pool.query(`
    CREATE TABLE floor_stages (guid uuid PRIMARY KEY DEFAULT gen_random_uuid(), version integer NOT NULL DEFAULT 1, data jsonb NOT NULL);
    CREATE TABLE floor_revisions (id serial PRIMARY KEY, guid uuid NOT NULL, version integer NOT NULL, patches jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  const { rows } = await pool.query<{ guid: string }>('INSERT INTO floor_stages (data) SELECT $1::jsonb FROM generate_series(1, $2) RETURNING guid', [m.stage, m.count]);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  // The stage's data, or (a patch-based request) only the edit.
  type Body = { version: number; data?: { hours: Array<{ days: { monday: { open: string } } }> }; patches?: Array<{ value: string }> };
  app.put<{ Params: { guid: string }; Body: Body }>('/api/companies/:company/configs/:guid', async (request, reply) => {
    const { version, data = { hours: [{ days: { monday: { open: request.body.patches![0].value } } }] } } = request.body;
    const patch = JSON.stringify([{ op: 'replace', path: ['hours', 0, 'days', 'monday', 'open'], value: data.hours[0].days.monday.open }]);
    const stored = m.mode === 'whole' ? '$3::jsonb' : "jsonb_set(floor_stages.data, '{hours,0,days,monday,open}', $3::jsonb)";
    const value = m.mode === 'whole' ? JSON.stringify(data) : JSON.stringify(data.hours[0].days.monday.open);
    const r = await pool.query<{ version: number }>(
      `WITH bumped AS (UPDATE floor_stages SET version = version + 1, data = ${stored} WHERE guid = $1 AND version = $2 RETURNING guid, version),
       revision AS (INSERT INTO floor_revisions (guid, version, patches) SELECT guid, version, $4::jsonb FROM bumped)
       SELECT version FROM bumped`,
      [request.params.guid, version, value, patch],
    );
    if (!r.rows[0]) return reply.code(409).send({ message: 'stale' });
    return { version: r.rows[0].version };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).finally(() => process.exit(0)));
  process.send!({ url, guids: rows.map((r) => r.guid) });
}

if (process.env.BENCH_WRITE_FLOOR === '1') {
  process.once('message', (m: Parameters<typeof serve>[0]) => {
    serve(m).catch((err) => {
      process.send?.({ error: String(err?.stack ?? err) });
      process.exit(1);
    });
  });
}
