/**
 * Spec section 3: "Companies with stage 'created' prefill registered details from company data."
 * When such a company's config is created, or first read while its company-information stage was
 * never written, that stage's draft is filled from the company row: one ordinary stage write
 * through the engine (commitStageWrite), so the stage's rules and checks apply, the copy is a
 * revision in the history, and the version moves on like any write.
 *
 * Only a stage nobody has written is filled, and within it only fields still empty, so what a
 * user entered is never replaced. A value the stage's checks refuse (a name that is a test value,
 * a registration number longer than the stage allows) is left out rather than blocking the rest.
 */
import { eq } from 'drizzle-orm';
import { hasStage, stageDefaults, withCatalogue } from '../../engine';
import { companies } from '../db/schema';
import { DomainError, Invalid, Stale } from '../domain-errors';
import { COMPANY_STAGE } from './configs.company-numbers';
import type { LoadedConfig } from './configs.types';
import { defaultsContextOf } from './configs.region';
import { commitStageWrite } from './configs.write';
import type { Viewer } from '../db/tenancy';
import type { AppServices } from '../plugins/services';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

/** The company columns the stage shares (the stage has no postcode, country, phone or email of the company's). */
export type CompanyDetails = Pick<
  typeof companies.$inferSelect,
  'name' | 'regNumber' | 'vatNumber' | 'fsaNumber' | 'regAddressLine1' | 'regAddressLine2' | 'regAddressLine3'
>;

/** Stage field (JSON pointer in the stage) <- company value. FSA is the FCA's former name: the same register number. */
const FIELDS: Array<[pointer: string, pick: (c: CompanyDetails) => string | null]> = [
  ['/companyInformation/name', (c) => c.name],
  ['/companyInformation/regAddress/line1', (c) => c.regAddressLine1],
  ['/companyInformation/regAddress/line2', (c) => c.regAddressLine2],
  ['/companyInformation/regAddress/line3', (c) => c.regAddressLine3],
  ['/companyInformation/regNumber', (c) => c.regNumber],
  ['/companyInformation/vatNumber', (c) => c.vatNumber],
  ['/companyInformation/fcaRegNumber', (c) => c.fsaNumber],
];

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `base` with the company's values in the fields that are empty there, leaving out `skip`
 * (pointers the stage refused); null when nothing would be filled.
 * @example prefilledStage(stageDefaults('company-information'), { name: 'Kingfisher Motors', ... }).filled // ['/companyInformation/name', ...]
 */
export function prefilledStage(base: unknown, company: CompanyDetails, skip: ReadonlySet<string> = new Set()) {
  const data = structuredClone((base ?? {}) as Record<string, unknown>);
  const filled: string[] = [];
  for (const [pointer, pick] of FIELDS) {
    const value = pick(company)?.trim();
    if (!value || skip.has(pointer)) continue;
    const keys = pointer.split('/').slice(1);
    let at = data;
    for (const key of keys.slice(0, -1)) {
      if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1];
    if (!isBlank(at[last])) continue;
    at[last] = value;
    filled.push(pointer);
  }
  return filled.length ? { data, filled } : null;
}

/**
 * The config with its company-information stage prefilled when the company is in stage
 * 'created' and the stage was never written; otherwise `loaded` as it is. Never fails the
 * create or read that asked: a viewer who may not write the stage, or a refusal, leaves the
 * stage empty (and is logged); a write by someone else in between is read back.
 */
export async function prefillCompanyStage(deps: Deps, viewer: Viewer, loaded: LoadedConfig, reload: () => Promise<LoadedConfig>): Promise<LoadedConfig> {
  const { snapshot } = loaded;
  if (!hasStage(COMPANY_STAGE) || !snapshot.stages?.includes(COMPANY_STAGE) || snapshot.doc[COMPANY_STAGE] !== undefined) return loaded;
  const [company] = await deps.db
    .select({
      stage: companies.stage,
      name: companies.name,
      regNumber: companies.regNumber,
      vatNumber: companies.vatNumber,
      fsaNumber: companies.fsaNumber,
      regAddressLine1: companies.regAddressLine1,
      regAddressLine2: companies.regAddressLine2,
      regAddressLine3: companies.regAddressLine3,
    })
    .from(companies)
    .where(eq(companies.id, loaded.company.id));
  if (company?.stage !== 'created') return loaded;

  // The stage's own defaults as the company's (its region's country, spec section 9), then its details.
  const context = await defaultsContextOf(deps.db, loaded.company.id);
  const defaults = withCatalogue(loaded.snapshot.catalogue, () => stageDefaults(COMPANY_STAGE, context));
  const skip = new Set<string>();
  // Twice at most: the second time without the fields the stage's checks refused the first time.
  for (let attempt = 0; attempt < 2; attempt++) {
    const fill = prefilledStage(defaults, company, skip);
    if (!fill) return loaded;
    try {
      await commitStageWrite(
        deps,
        viewer,
        loaded,
        { slug: COMPANY_STAGE, data: fill.data, state: snapshot.states[COMPANY_STAGE] ?? 'draft', action: 'save', version: snapshot.version },
        { action: 'save' },
      );
      return await reload();
    } catch (err) {
      // Someone wrote the config meanwhile (their write stands): read what is there now.
      if (err instanceof Stale) return reload();
      if (!(err instanceof DomainError)) throw err;
      const refused = err instanceof Invalid ? (err.errors ?? []).map((e) => e.field).filter((f): f is string => !!f && fill.filled.includes(f)) : [];
      if (!refused.length) {
        deps.log.info({ err, config: loaded.row.id }, 'company details not prefilled');
        return loaded;
      }
      for (const f of refused) skip.add(f);
    }
  }
  return loaded;
}
