// A config for every extra demo company in the configurator stage (issue 26: the configurator listed
// two configs while about thirty companies were in that stage), each at its own point of the
// journey, so lists, dashboards and filters show real variety. Deterministic (the company's place in
// the list decides everything), written through the engine's writeStage in memory (so the data is
// valid and every write has its revision) and stored in three batch statements whatever the number
// of configs: the per-write statement of the API would cost a round trip per write.
import { configProgress, stageCatalogue, writeStage, type ConfigDocument, type ConfigSnapshot, type StageState } from '../../engine';
import { changesOf, listedChanges } from '../configs/configs.changes';
import type { Db } from './database';
import { configMeta, configRevisions, configs } from './schema';
import { permissionsOf } from './seed-configs';

export interface CompanyForConfig {
  companyId: number;
  name: string;
  /** Country code of the stage data (GB, AU, BE, FR, NL, ZA). */
  country: string;
  street: string;
  postcode: string;
  town: string;
  regNumber: string;
  vatNumber: string;
  contact: { name: string; email: string; telephone: string; position: string };
  /** The company's makes (franchise names); none for an independent. */
  makes: string[];
  /** The company's primary dealer user, who makes the dealer's writes. */
  dealerId: number;
}

interface Staff {
  pmId: number;
  amId: number;
}

const DEALER_ROLE = 1;
const PM_ROLE = 3;
const PROJECT_TYPES = ['multi-franchise-dealer', 'single-franchise-dealer', 'independent'] as const;
const DESIGN_TYPES = ['template', 'franchise', 'custom'] as const;
const weekday = (open: string, close: string) => ({ appt: false, dual: false, open, close });

/** The writes of one company's config up to `level` (0: company information begun ... 5: structure done, checked by the PM). */
function writesFor(c: CompanyForConfig, level: number): Array<{ slug: string; state: StageState; data: Record<string, unknown>; pm?: boolean }> {
  const info = {
    companyInformation: {
      name: c.name, regAddress: { line1: c.street, line2: '', line3: c.town }, postcode: c.postcode, country: c.country,
      regNumber: c.regNumber, fcaRegNumber: '', vatNumber: c.vatNumber, icoNumber: '',
    },
  };
  const franchises = (c.makes.length ? c.makes : ['Used cars']).map((name, i) => ({ id: `f${String(i + 1).padStart(4, '0')}`, name }));
  const location = { id: 'lmain', name: `${c.name} ${c.town}`, address: { line1: c.street, town: c.town, country: c.country }, postcode: c.postcode, franchises: franchises.map((f) => f.id) };
  const departments = [{ id: 'dsale', name: 'Sales', numbers: [{ label: 'Showroom', number: c.contact.telephone }], locations: ['lmain'] }];
  const hours = [{
    id: 'hsale', name: 'Showroom', departments: ['dsale'],
    days: {
      monday: weekday('09:00', '18:00'), tuesday: weekday('09:00', '18:00'), wednesday: weekday('09:00', '18:00'), thursday: weekday('09:00', '18:00'),
      friday: weekday('09:00', '17:30'), saturday: weekday('09:00', '16:00'), sunday: { appt: false, dual: false },
    },
  }];
  const writes: ReturnType<typeof writesFor> = [];
  writes.push({ slug: 'company-information', state: level === 0 ? 'draft' : 'submitted', data: info });
  if (level >= 2) {
    writes.push({ slug: 'key-contact', state: 'submitted', data: { keyContact: c.contact } });
    writes.push({ slug: 'franchises', state: level === 2 ? 'draft' : 'submitted', data: { franchises } });
  }
  if (level >= 3) writes.push({ slug: 'locations', state: 'submitted', data: { locations: [location] } });
  if (level >= 4) {
    writes.push({ slug: 'departments', state: 'submitted', data: { departments } });
    writes.push({ slug: 'opening-hours', state: level === 4 ? 'draft' : 'submitted', data: { hours } });
  }
  if (level >= 5) {
    writes.push({ slug: 'company-information', state: 'completed', data: info, pm: true });
    writes.push({ slug: 'key-contact', state: 'completed', data: { keyContact: c.contact }, pm: true });
  }
  return writes;
}

/**
 * Inserts one config per company (the n-th at level n % 6; every tenth archived), with its stage
 * data, states and revisions. Three statements in all.
 */
export async function seedCompanyConfigs(tx: Db, list: readonly CompanyForConfig[], staff: Staff): Promise<void> {
  if (!list.length) return;
  const stages = stageCatalogue.map((s) => s.slug);
  const built = list.map((c, n) => {
    const level = n % 6;
    let snapshot: ConfigSnapshot = { version: 1, doc: {}, states: {}, stages };
    const revisions: Array<typeof configRevisions.$inferInsert> = [];
    for (const w of writesFor(c, level)) {
      const userId = w.pm ? staff.pmId : c.dealerId;
      const r = writeStage({ config: snapshot, slug: w.slug, data: w.data, state: w.state, permissions: permissionsOf(w.pm ? PM_ROLE : DEALER_ROLE), baseVersion: snapshot.version });
      // Demo data is ours: if the engine refuses it, the seed is wrong and must say where.
      if (!r.ok) throw new Error(`demo config of ${c.name}: ${w.slug} refused: ${r.message} ${JSON.stringify(r.errors.map((e) => `${e.path} ${e.message}`))}`);
      if (!r.changed) continue;
      const from = snapshot.states[w.slug] ?? 'draft';
      const version = snapshot.version + 1;
      revisions.push({
        configId: 0, version, userId, stage: w.slug, action: 'save', oldState: from, newState: r.state,
        patches: r.patches, inversePatches: r.inversePatches, changedStages: r.changedStages,
        changes: listedChanges(changesOf(r.patches, r.inversePatches)),
      });
      snapshot = { ...r.config, version };
    }
    return { c, n, snapshot, revisions };
  });

  const day = 86_400_000;
  const start = Date.UTC(2025, 0, 6);
  const rows = await tx
    .insert(configs)
    .values(built.map(({ c, n, snapshot }) => {
      const created = new Date(start + ((n * 13) % 300) * day);
      return {
        name: `${c.name} website`,
        companyId: c.companyId,
        designType: c.makes.length ? DESIGN_TYPES[n % DESIGN_TYPES.length] : 'template',
        projectType: (c.makes.length === 0 ? 'independent' : PROJECT_TYPES[c.makes.length > 1 ? 0 : 1]) as (typeof PROJECT_TYPES)[number],
        status: n % 10 === 9 ? 'archived' as const : 'active' as const,
        progress: configProgress(snapshot).progress,
        version: snapshot.version,
        stages,
        projectManagerId: staff.pmId,
        accountManagerId: staff.amId,
        createdBy: staff.amId,
        createdAt: created,
        updatedAt: new Date(created.getTime() + ((n * 7) % 40) * day),
      };
    }))
    .returning({ id: configs.id });

  const meta = built.flatMap(({ snapshot }, i) => [
    ...Object.entries(snapshot.doc as ConfigDocument).map(([slug, value]) => ({ configId: rows[i].id, metaKey: `stage_data_${slug}`, metaValue: value })),
    ...Object.entries(snapshot.states).filter(([, state]) => state !== 'draft').map(([slug, state]) => ({ configId: rows[i].id, metaKey: `stage_state_${slug}`, metaValue: state })),
  ]);
  await tx.insert(configMeta).values(meta);
  await tx.insert(configRevisions).values(built.flatMap(({ revisions }, i) => revisions.map((r) => ({ ...r, configId: rows[i].id }))));
}
