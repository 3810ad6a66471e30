import { configProgress, loadStageValidators, stageCatalogue, writeStage, type ConfigSnapshot } from '../../engine';
import { storeWrite } from '../configs/configs.store';
import { companyNumbersOf } from '../configs/configs.company-numbers';
import type { Db, Tx } from './database';
import { configs } from './schema';
import { DEMO_CONFIGS, PERMISSIONS, ROLES, type DemoStageWrite } from './seed-data';

type DemoUser = { id: number; roleId: number };

export function permissionsOf(roleId: number): string[] {
  const role = ROLES.find((r) => r.id === roleId)!;
  return [...(role.permissions === 'all' ? PERMISSIONS : role.permissions)];
}

/** One write as the API makes it: writeStage on the stored snapshot, then exactly what it returned. */
async function demoWrite(tx: Db | Tx, configId: number, snapshot: ConfigSnapshot, write: DemoStageWrite, user: DemoUser): Promise<ConfigSnapshot> {
  const r = writeStage({ config: snapshot, slug: write.slug, data: write.data, state: write.state, permissions: permissionsOf(user.roleId), baseVersion: snapshot.version });
  // Demo data is ours: if the engine refuses it, the seed is wrong and must say where.
  if (!r.ok) throw new Error(`demo config write ${write.slug} refused: ${r.message} ${JSON.stringify(r.errors.map((e) => `${e.path} ${e.message}`))}`);
  if (!r.changed) return snapshot;
  const from = snapshot.states[write.slug] ?? 'draft';
  const meta: Array<{ key: string; value: unknown }> = r.changedStages.map((slug) => ({ key: `stage_data_${slug}`, value: r.config.doc[slug] }));
  if (from !== r.state) meta.push({ key: `stage_state_${write.slug}`, value: r.state });
  const version = await storeWrite(tx, {
    configId,
    baseVersion: snapshot.version,
    progress: configProgress(r.config).progress,
    meta,
    company: companyNumbersOf(r.changedStages, r.config.doc),
    revision: {
      userId: user.id, stage: write.slug, action: 'save', oldState: from, newState: r.state,
      patches: r.patches, inversePatches: r.inversePatches, changedStages: r.changedStages,
    },
  });
  return { ...r.config, version };
}

/** The demo configs of DEMO_CONFIGS, written through the engine so their data is valid. */
export async function seedDemoConfigs(tx: Db | Tx, companyIds: Map<string, number>, usersByEmail: Map<string, DemoUser>): Promise<void> {
  const stages = stageCatalogue.map((s) => s.slug);
  // The seed may run before the server has started (server/main.ts): validate with the precompiled code.
  await loadStageValidators();
  for (const demo of DEMO_CONFIGS) {
    const [row] = await tx
      .insert(configs)
      .values({
        name: demo.name,
        companyId: companyIds.get(demo.company)!,
        designType: demo.designType,
        projectType: demo.projectType as typeof configs.$inferInsert.projectType,
        stages,
        projectManagerId: usersByEmail.get(demo.projectManager)!.id,
        accountManagerId: usersByEmail.get(demo.accountManager)!.id,
        createdBy: usersByEmail.get(demo.createdBy)!.id,
      })
      .returning({ id: configs.id, version: configs.version });
    let snapshot: ConfigSnapshot = { version: row.version, doc: {}, states: {}, stages };
    for (const write of demo.writes) snapshot = await demoWrite(tx, row.id, snapshot, write, usersByEmail.get(write.by)!);
  }
}
