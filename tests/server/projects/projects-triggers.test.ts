// Tasks that complete themselves (issue 28), on a real server and database: signing the agreement
// completes the linked project's `agreement_signed` tasks, and the config write that completes the
// config its `config_submitted` tasks, in the same transaction as the event; the percentage and
// status follow.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configMeta, configs, projects } from '../../../server/db/schema';
import { projectNamed, projectsWorld, type ProjectDetail, type ProjectsWorld, type ProjectTask } from './projects-world';

let w: ProjectsWorld;
let project: { id: number };
beforeAll(async () => {
  w = await projectsWorld();
  project = await projectNamed(w, 'Demo Motors website launch');
});
afterAll(async () => {
  await w?.close();
});

const board = async () => (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${project.id}/tasks`)).body;
const profile = async () => (await w.as<ProjectDetail>('pm', 'GET', `/api/projects/${project.id}`)).body;

describe('agreement_signed', () => {
  it("completes when the dealer signs the project's agreement, and the percentage moves", async () => {
    const before = await profile();
    const waiting = (await board()).filter((t) => t.trigger === 'agreement_signed');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((t) => t.stage_id !== w.board.done && t.completed_at === null)).toBe(true);

    const agreement = (await w.as<{ id: number; document_sha256: string }>('dealer', 'GET', `/api/agreements/${before.agreement!.id}`)).body;
    const signed = await w.as('dealer', 'POST', `/api/agreements/${agreement.id}/sign`, {
      signer_name: 'Dana Dealer', signer_position: 'Dealer Principal', signature: { kind: 'typed', text: 'Dana Dealer' }, accept: true, shown_sha256: agreement.document_sha256,
    });
    expect(signed.status).toBe(200);

    const after = await profile();
    const done = (await board()).filter((t) => t.trigger === 'agreement_signed');
    expect(done.every((t) => t.stage_id === w.board.done && t.completed_by?.name === 'Dana Dealer' && t.completed_at)).toBe(true);
    expect(after.tasks_done).toBe(before.tasks_done + waiting.length);
    expect(after.complete_percentage).toBe(Math.round((100 * after.tasks_done) / after.tasks_total));
    expect(after.complete_percentage).toBeGreaterThan(before.complete_percentage);
    expect(after.agreement!.stage).toBe('signed');
    expect(after.status).toBe('active');
  });
});

describe('config_submitted', () => {
  it('completes in the write that makes the config complete, not before', async () => {
    const before = await profile();
    const waiting = (await board()).filter((t) => t.trigger === 'config_submitted');
    expect(waiting.length).toBeGreaterThan(0);
    const path = `/api/companies/${before.company_id}/configs/${before.config!.id}`;
    type Config = { version: number; progress: number; data: Record<string, unknown>; stages: Array<{ slug: string; required: boolean; done: boolean; open: boolean; complete: boolean }> };
    let config = (await w.as<Config>('pm', 'GET', path)).body;
    // The demo config is five stages in; the dealer's other required stages are marked submitted in
    // SQL (filling eleven forms is the configs tests' work), and one submitted stage is put back to
    // draft: its write through the API is then the one that completes the config.
    const db = w.server.database.db;
    const last = 'departments';
    expect(config.stages.find((s) => s.slug === last)).toMatchObject({ required: true, done: true, complete: true });
    const rest = config.stages.filter((s) => s.required && !s.done).map((s) => s.slug);
    expect(rest.length).toBeGreaterThan(0);
    for (const [slug, state] of [...rest.map((slug) => [slug, 'submitted'] as const), [last, 'draft'] as const]) {
      await db
        .insert(configMeta)
        .values({ configId: before.config!.id, metaKey: `stage_state_${slug}`, metaValue: state })
        .onConflictDoUpdate({ target: [configMeta.configId, configMeta.metaKey], set: { metaValue: state } });
    }
    // A new version, so no instance answers from the stage data it kept (configs.cache.ts).
    await db.update(configs).set({ version: sql`${configs.version} + 1` }).where(eq(configs.id, before.config!.id));
    config = (await w.as<Config>('pm', 'GET', path)).body;
    expect(config.progress).toBeLessThan(100);
    // A write that does not complete the config fires nothing.
    const draftWrite = await w.as('pm', 'PUT', path, { slug: last, data: config.data[last], state: 'draft', version: config.version });
    expect(draftWrite.status).toBe(200);
    expect((await board()).filter((t) => t.trigger === 'config_submitted').every((t) => t.stage_id !== w.board.done)).toBe(true);
    config = (await w.as<Config>('pm', 'GET', path)).body;
    const r = await w.as('pm', 'PUT', path, { slug: last, data: config.data[last], state: 'submitted', version: config.version });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    config = (await w.as<Config>('pm', 'GET', path)).body;
    expect(config.progress).toBe(100);
    const done = (await board()).filter((t) => t.trigger === 'config_submitted');
    expect(done.every((t) => t.stage_id === w.board.done && t.completed_by?.name === 'Pat Project')).toBe(true);
    const after = await profile();
    expect(after.tasks_done).toBe(before.tasks_done + waiting.length);
    expect(after.complete_percentage).toBeGreaterThan(before.complete_percentage);
    // A later write to the complete config does not complete a task a manager moved back.
    const [again] = done;
    await w.as('pm', 'PUT', `/api/projects/${project.id}/tasks/${again.id}`, { stage_id: w.board.first, position: 1 });
    const key = config.stages.find((s) => s.required && s.done)!.slug;
    const rewrite = await w.as('pm', 'PUT', path, { slug: key, data: config.data[key], state: 'submitted', version: config.version });
    expect(rewrite.status).toBe(200);
    expect((await board()).find((t) => t.id === again.id)!.stage_id).toBe(w.board.first);
    const [row] = await w.server.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row.tasksDone).toBe(after.tasks_done - 1);
  });
});
