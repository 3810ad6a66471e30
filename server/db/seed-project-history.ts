// The demo projects' status history (issue 29): the trigger of migration 0014 records every
// status and RAG change as it happens, but the demo projects are all made in one transaction, so
// their rows would all say "today". This gives each of the twenty a believable past instead,
// written after the fact: created as pre-project on its start date, active a few days later,
// amber then red weeks before a late project turned so, live on its launch date (and
// `went_live_at` set to it, as the tracker would have recorded then), on hold, cancelled or
// archived part-way, ending in the status and RAG it has now. Start dates spread over the past
// twelve months (db/seed-projects.ts), so the reports' charts show a year of work. Once per
// database (a settings marker); skipped while there are no demo projects.
import { eq, inArray } from 'drizzle-orm';
import type { ProjectStatus, RagStatus } from '../../contract/projects';
import type { Db } from './database';
import { takeSeedLock } from './locks';
import { companies, projects, projectStatusHistory, settings } from './schema';
import { DEMO_PROJECTS } from './seed-projects';

const SEEDED_KEY = 'demo_project_history_seeded';
const DAY = 86_400_000;

interface DemoState {
  /** Days before now. */
  daysAgo: number;
  status: ProjectStatus;
  rag: RagStatus;
}

/**
 * The history of one demo project, oldest first: `started` and `launch` as DEMO_PROJECTS gives
 * them (days before and after today), ending in its current status and RAG.
 */
export function demoHistory(started: number, launch: number, status: ProjectStatus, rag: RagStatus): DemoState[] {
  const states: DemoState[] = [{ daysAgo: started, status: 'pre-project', rag: 'green' }];
  const add = (daysAgo: number, s: ProjectStatus, r: RagStatus) => states.push({ daysAgo, status: s, rag: r });
  if (status !== 'pre-project') add(Math.max(0.5, started - Math.max(1, Math.round(started / 8))), 'active', 'green');
  if (status === 'live' || status === 'archived') {
    add(-launch, 'live', 'green');
    if (status === 'archived') add(Math.round(-launch / 3), 'archived', rag);
  } else if (status === 'on hold') {
    add(Math.round(started / 2), 'active', 'amber');
    add(Math.round(started / 3), 'on hold', rag);
  } else if (status === 'cancelled') {
    add(Math.round(started / 2), 'active', 'amber');
    add(Math.round(started / 4), 'cancelled', rag);
  } else if (status === 'active' && rag !== 'green') {
    add(Math.max(0.25, Math.round(started / 3)), 'active', 'amber');
    if (rag === 'red') add(Math.max(0.1, Math.round(started / 6)), 'active', 'red');
  }
  const last = states[states.length - 1];
  if (last.status !== status || last.rag !== rag) add(0, status, rag);
  // Oldest first, each later than the one before, none identical to the one before.
  return states
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .filter((s, i, all) => i === 0 || s.status !== all[i - 1].status || s.rag !== all[i - 1].rag);
}

/** Rewrites the demo projects' history once per database. Returns whether it did. */
export async function seedDemoProjectHistory(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SEEDED_KEY))).length > 0;
  if (await done(db)) return false;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    const rows = await tx
      .select({ id: projects.id, company: companies.name, type: projects.projectType, status: projects.status, rag: projects.rag, createdAt: projects.createdAt })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(inArray(companies.name, [...new Set(DEMO_PROJECTS.map((p) => p.company))]))
      .orderBy(projects.id);
    const now = Date.now();
    let seeded = 0;
    for (const spec of DEMO_PROJECTS) {
      // The company's first project of the demo's type: the one seed-projects.ts made.
      const project = rows.find((r) => r.company === spec.company && r.type === spec.type);
      if (!project) continue;
      const start = Date.parse(`${new Date(now - spec.started * DAY).toISOString().slice(0, 10)}T09:00:00Z`);
      const states = demoHistory(spec.started, spec.launch, project.status, project.rag);
      const at = (s: DemoState, i: number) => new Date(Math.min(now - (states.length - i) * 60_000, i === 0 ? start : now - s.daysAgo * DAY));
      await tx.delete(projectStatusHistory).where(eq(projectStatusHistory.projectId, project.id));
      await tx.insert(projectStatusHistory).values(states.map((s, i) => ({ projectId: project.id, status: s.status, rag: s.rag, changedAt: at(s, i) })));
      const live = states.find((s) => s.status === 'live');
      if (live) await tx.update(projects).set({ wentLiveAt: at(live, states.indexOf(live)) }).where(eq(projects.id, project.id));
      seeded++;
    }
    if (!seeded) return false;
    await tx.insert(settings).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
