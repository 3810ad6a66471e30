/**
 * Validates one stage's data: its JSON Schema (with our keywords) and its checks (JSON-logic over
 * the whole configuration). Errors block saving; warnings are shown but do not block.
 */
import type { CheckDefinition, ConfigDocument, FieldError } from '../types';
import { parsePointer } from '../json';
import { jsonLogic } from '../rules/operations';
import { immer } from '../rules/immer';
import { UnknownStageError, activeCatalogue, type Catalogue, getStage, hasStage, stageCatalogue } from '../stages/catalogue';
import { hiddenPaths, holdsHidden, isUnderHidden, withoutHidden, type CompanyFacts } from '../stages/visibility';
import { stageValidatorModules, type PrecompiledValidator } from './generated/stage-validators.js';
import { collectNormalisations } from './keywords';
import { COMPLETENESS_KEYS, ajvErrorsToFieldErrors, fieldError, type MessageOptions } from './messages';
import { pruneEmptyStrings } from './prune';

export interface ValidateStageOptions extends MessageOptions {
  /** `draft`: missing values are not errors and submit-only checks are skipped. Default `submit`. */
  mode?: 'draft' | 'submit';
  /** The config's enabled stages: checks read them as `stages` (e.g. `incompleteStages`). */
  stages?: readonly string[];
  /**
   * The config's company (its region): `visibleIf` reads it as `$company`, so a field hidden for this
   * company is not judged. Without it the region is null (a condition on it is false).
   */
  company?: CompanyFacts;
}

export interface StageValidation {
  errors: FieldError[];
  warnings: FieldError[];
  /** The data with normalisations applied (UK postcodes); the same object when nothing changed. */
  data: Record<string, unknown>;
}

/** Precompiled validators of the stages loaded so far, by id. */
const precompiled = new Map<string, PrecompiledValidator>();
const loading = new Map<string, Promise<void>>();

/**
 * Loads the precompiled validators of these stages (default: every stage), each stage's its own
 * module (generated/stage-<slug>.js), so a page pays for the stages it shows, not for all 43 (they
 * are 1.1 MB together). Validating a stage needs its validators loaded first: the server loads all
 * as it starts, the browser each page's before it shows (`stageValidatorsNeeded`). Loading twice
 * costs nothing.
 * @example await loadStageValidators(['franchises']); validateStage('franchises', data, doc)
 */
export function loadStageValidators(slugs: readonly string[] = stageCatalogue.map((s) => s.slug)): Promise<void> {
  return Promise.all(
    slugs.map((slug) => {
      let p = loading.get(slug);
      if (!p) {
        const load = stageValidatorModules[slug];
        if (!load && hasStage(slug)) throw new Error(`No precompiled validators for stage "${slug}": regenerate them (npx tsx engine/validation/build-validators.ts).`);
        if (!load) throw new UnknownStageError(slug);
        p = load().then(({ validators }) => {
          for (const [id, fn] of Object.entries(validators)) precompiled.set(id, fn);
        });
        // A failed load (a chunk lost in a deploy) may be tried again.
        p.catch(() => loading.delete(slug));
        loading.set(slug, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** The stage's validators (of the active catalogue's version of it) are loaded: it can be validated now. */
export function stageValidatorsLoaded(slug: string): boolean {
  return precompiled.has(`stage:${getStage(slug).key}`);
}

/**
 * Forgets the validators registered under a key (`registerStageValidators`): a draft's, once the
 * server or the editor no longer previews it.
 */
export function forgetStageValidators(key: string): void {
  for (const id of [...precompiled.keys()]) if (id === `stage:${key}` || id.startsWith(`section:${key}/`) || id.startsWith(`item:${key}/`)) precompiled.delete(id);
}

/**
 * Registers the validators of a stage version published at run time (ids `stage:<slug>@<version>`,
 * ...), made by the server from the same generator as the shipped ones (`stageValidatorModule`)
 * and instantiated by `instantiateValidators`. Registering an id twice keeps the first: a version's
 * code never changes.
 */
export function registerStageValidators(validators: Readonly<Record<string, PrecompiledValidator>>): void {
  for (const [id, fn] of Object.entries(validators)) if (!precompiled.has(id)) precompiled.set(id, fn);
}

/**
 * The stages whose validators a stage's page needs: its own, and every stage when it shows a
 * summary of the config (`"ui:field": "configSummary"`) or checks that the others are complete
 * (`incompleteStages`), as a final confirmation stage does. Read from the stage file, so any stage
 * may do either.
 * @example stageValidatorsNeeded('franchises') // ['franchises']
 */
export function stageValidatorsNeeded(slug: string): string[] {
  const stage = getStage(slug);
  let needed = neededBy.get(stage);
  if (!needed) {
    // The stage file is read once (a page asks on every render).
    const text = JSON.stringify(stage);
    needed = /"configSummary"|"incompleteStages"/.test(text) ? activeCatalogue().stages.map((s) => s.slug) : [slug];
    neededBy.set(stage, needed);
  }
  return needed;
}
const neededBy = new WeakMap<object, string[]>();

/**
 * A validator by id (`stage:<slug>`, `section:<slug>/<prop>`, `item:<slug>/<prop>`): precompiled
 * code, so no schema is compiled at run time (the browser's CSP forbids eval, and the browser is
 * not sent ajv's compiler). Its stage must be loaded first (`loadStageValidators`); null for a
 * section the stage does not have.
 * @example precompiledValidator('item:locations/locations')(location) // true or false, with .errors
 */
export function precompiledValidator(id: string): PrecompiledValidator | null {
  const hit = precompiled.get(id);
  if (hit) return hit;
  const m = /^(stage|section|item):([a-z0-9-]+)(@[a-z0-9-]+)?(?:\/(.+))?$/.exec(id);
  if (!m || !hasStage(m[2])) return null;
  // A published version's validators are registered whole (registerStageValidators): a section
  // missing there is one the version does not have.
  if (m[3]) {
    if (!precompiled.has(`stage:${m[2]}${m[3]}`)) throw new Error(`The validators of stage "${m[2]}${m[3]}" are not loaded.`);
    return null;
  }
  if (!stageValidatorsLoaded(m[2])) {
    throw new Error(`The validators of stage "${m[2]}" are not loaded: await loadStageValidators(['${m[2]}']) first.`);
  }
  if (m[1] === 'stage') {
    // Only a stage added since the validators were generated gets here (tests/engine/precompiled.test.ts fails then).
    throw new Error(`No precompiled validator for "${id}": regenerate them (npx tsx engine/validation/build-validators.ts).`);
  }
  return null;
}

/** The validator of a whole stage's data. @example stageValidator('franchises')({ franchises: [] }) */
export function stageValidator(slug: string): PrecompiledValidator {
  return precompiledValidator(`stage:${getStage(slug).key}`)!; // unknown slug: UnknownStageError
}

/**
 * The validator of one section of a stage: a top-level property, or (item) one item of a top-level
 * array, for validating only what the user is editing.
 * @example sectionValidator('opening-hours', 'hours', true)(data.hours[3])
 */
export function sectionValidator(slug: string, prop: string, item = false): PrecompiledValidator | null {
  return precompiledValidator(`${item ? 'item' : 'section'}:${getStage(slug).key}/${prop}`);
}

/**
 * The ajv keywords that say "this is not the right kind of value" rather than "this value is not
 * acceptable yet": a wrong type, or a key the (closed) schema does not have.
 */
const SHAPE_KEYWORDS = new Set(['type', 'additionalProperties']);

/**
 * Errors in the shape of stage data only: wrong types and unknown keys, nothing about missing or
 * unfinished values (drafts may be incomplete). writeStage runs this BEFORE the rules, because the
 * rules' operations read a wrong type as "missing" and fill it in (`pad` turns "uniquePoints": 5 into
 * four empty entries, `ensureItem` turns "divisions": "New Cars" into the default division): after
 * them the wrong input could no longer be seen, and the dealer's data would be silently replaced.
 * @example stageShapeErrors('divisions', { divisions: 'New Cars' })
 *   // [{ path: '/divisions', key: 'validation:field.type', message: 'has the wrong type of value', ... }]
 */
export function stageShapeErrors(slug: string, data: unknown, opts: MessageOptions & { company?: CompanyFacts } = {}): FieldError[] {
  const stage = getStage(slug);
  // Empty strings are "not filled in" (as in validateStage): '' for a list or a number is allowed.
  // Hidden fields are stored too, so their shape is judged (the schema pass leaves them out).
  let ajvErrors: AjvErrors;
  if (holdsHidden(stage.schema as Record<string, unknown>, data, opts.company)) {
    const validate = stageValidator(slug);
    validate(pruneEmptyStrings(data));
    ajvErrors = validate.errors;
  } else ajvErrors = schemaPass(slug, data, opts.company).ajvErrors;
  const shape = (ajvErrors ?? []).filter((e) => SHAPE_KEYWORDS.has(e.keyword));
  return ajvErrorsToFieldErrors(shape, { ...opts, root: stage.schema as Record<string, unknown> });
}

/**
 * The schema's verdict on frozen data, by the data's identity: it depends on the data and the
 * company's region (which fields `visibleIf` hides) alone, so a draft save's validation and the
 * progress's submit-mode one share one ajv pass (the mode only filters its errors).
 */
const schemaPasses = new WeakMap<object, { key: string; region: string | null; ajvErrors: AjvErrors; normalised: Normalised }>();
type AjvErrors = PrecompiledValidator['errors'];
type Normalised = ReturnType<typeof collectNormalisations>['normalised'];
function schemaPass(slug: string, data: unknown, company?: CompanyFacts): { ajvErrors: AjvErrors; normalised: Normalised } {
  const frozen = data !== null && typeof data === 'object' && Object.isFrozen(data);
  const hit = frozen ? schemaPasses.get(data) : undefined;
  const key = getStage(slug).key;
  const region = company?.region ?? null;
  if (hit && hit.key === key && hit.region === region) return hit;
  const validate = stageValidator(slug);
  // Fields a `visibleIf` hides now are kept as stored but never judged (engine/stages/visibility.ts).
  const judged = withoutHidden(getStage(slug).schema as Record<string, unknown>, data, company);
  const { normalised } = collectNormalisations(() => validate(pruneEmptyStrings(judged)));
  // ajv reuses its errors array on the next call: keep a copy.
  const pass = { key, region, ajvErrors: validate.errors ? [...validate.errors] : validate.errors, normalised };
  if (frozen) schemaPasses.set(data, pass);
  return pass;
}

/**
 * The company of the validation whose checks are running: an operation that validates other stages
 * (`incompleteStages`, lifecycle/summary.ts) judges them for the same company. Checks run
 * synchronously, so this is set around them only.
 */
let checkingFor: CompanyFacts | undefined;

/** The company the running checks validate for (undefined outside them or when none was given). */
export function checkCompany(): CompanyFacts | undefined {
  return checkingFor;
}

/** Runs one check; returns the offending indexes (or [-1] for a whole-stage failure). */
function runCheck(check: CheckDefinition, context: Record<string, unknown>): number[] {
  const logic = check.logic as Parameters<typeof jsonLogic.apply>[0];
  if (check.each) {
    const items = jsonLogic.apply({ var: check.each }, context);
    if (!Array.isArray(items)) return [];
    const hits: number[] = [];
    items.forEach((item, i) => {
      if (jsonLogic.truthy(jsonLogic.apply(logic, { ...context, item, index: i }))) hits.push(i);
    });
    return hits;
  }
  const result: unknown = jsonLogic.apply(logic, context);
  if (Array.isArray(result)) return result.filter((i): i is number => typeof i === 'number');
  return jsonLogic.truthy(result) ? [-1] : [];
}

/**
 * Results of validating frozen data in a frozen configuration, by the data's identity. Frozen
 * (immer) objects never change, so the same stage data in a configuration whose stages are the same
 * objects validates the same way: a summary of every stage (`configSummary`, the `incompleteStages`
 * check of a final stage) re-validating what the server or the form has just validated costs
 * nothing. Entries die with the data (WeakMap); at most MEMO_PER_DATA per data object.
 */
interface MemoEntry {
  slug: string;
  /** The stage versions it was judged by (a check may read other stages: the whole set). */
  catalogue: Catalogue;
  context: ConfigDocument;
  mode: 'draft' | 'submit';
  stages: readonly string[] | null;
  lng: string | undefined;
  t: ValidateStageOptions['t'];
  /** The company's region the result was judged for (`visibleIf` may read it). */
  region: string | null;
  result: StageValidation;
}
const memo = new WeakMap<object, MemoEntry[]>();
const MEMO_PER_DATA = 4;

/**
 * Every stage of the context is frozen (or absent): nothing a check reads can change. A frozen
 * document counts as frozen throughout (immer freezes deeply; pruneEmptyStrings assumes the same).
 */
function isFrozenContext(context: ConfigDocument): boolean {
  if (Object.isFrozen(context)) return true;
  for (const key in context) {
    const v = context[key];
    if (v !== undefined && v !== null && typeof v === 'object' && !Object.isFrozen(v)) return false;
  }
  return true;
}

/**
 * The stages a stage's checks read (`{"var": "doc.<slug>..."}`), or 'all' when one reads the whole
 * document or a computed path. A remembered result stays true while those stages are the same
 * objects: a write to the opening hours does not re-validate company information (issue 7).
 */
const dependencies = new WeakMap<readonly CheckDefinition[], ReadonlySet<string> | 'all'>();
function checkDependencies(checks: readonly CheckDefinition[]): ReadonlySet<string> | 'all' {
  let deps = dependencies.get(checks);
  if (deps) return deps;
  const found = new Set<string>();
  let all = false;
  const walk = (node: unknown): void => {
    if (all || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [op, arg] of Object.entries(node)) {
      if (op === 'var') {
        const name = Array.isArray(arg) ? arg[0] : arg;
        if (typeof name !== 'string' && typeof name !== 'number') all = true;
        else if (name === 'doc' || name === '') all = true;
        else if (String(name).startsWith('doc.')) found.add(String(name).split('.')[1]);
        if (Array.isArray(arg)) arg.slice(1).forEach(walk);
      } else walk(arg);
    }
  };
  for (const check of checks) walk([check.logic, check.each === undefined ? null : { var: check.each }]);
  deps = all ? 'all' : found;
  dependencies.set(checks, deps);
  return deps;
}

/** The stages `deps` names hold the same objects in both documents. */
function sameDependencies(deps: ReadonlySet<string> | 'all', a: ConfigDocument, b: ConfigDocument): boolean {
  if (deps === 'all') return sameStages(a, b);
  for (const slug of deps) if (a[slug] !== b[slug]) return false;
  return true;
}

/** Same keys holding the same objects. */
function sameStages(a: ConfigDocument, b: ConfigDocument): boolean {
  if (a === b) return true;
  let n = 0;
  for (const key in a) {
    if (a[key] !== b[key]) return false;
    n++;
  }
  return n === Object.keys(b).length;
}

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((v, i) => v === b[i]);
}

/** A copy of a remembered result: callers may change the lists they get. */
const copyResult = (r: StageValidation): StageValidation => ({ errors: [...r.errors], warnings: [...r.warnings], data: r.data });

/**
 * Validates stage data against its schema and checks, in the context of the whole configuration.
 * @example
 *   const { errors, warnings, data } = validateStage('company-information', input, doc, { lng: 'fr-FR' });
 *   errors[0] // { path: '/companyInformation/postcode', key: 'validation:field.postcode', ... }
 */
export function validateStage(
  slug: string,
  data: unknown,
  doc: ConfigDocument = {},
  opts: ValidateStageOptions = {},
): StageValidation {
  const stage = getStage(slug);
  const mode = opts.mode ?? 'submit';
  const stageData = (data ?? {}) as Record<string, unknown>;
  const context = { doc: doc[slug] === stageData ? doc : { ...doc, [slug]: stageData }, data: stageData, stages: opts.stages ?? null };
  const cacheable = data !== null && typeof data === 'object' && Object.isFrozen(data) && isFrozenContext(context.doc);
  // Our own copy is frozen too, so a summary run by a check (whose doc is this one) can be remembered.
  if (cacheable && context.doc !== doc) Object.freeze(context.doc);
  if (cacheable) {
    const catalogue = activeCatalogue();
    const hit = memo.get(data)?.find((m) => m.slug === slug && m.catalogue === catalogue && m.mode === mode && m.lng === opts.lng && m.t === opts.t
      && m.region === (opts.company?.region ?? null)
      && sameList(m.stages, context.stages) && sameDependencies(checkDependencies(stage.checks), m.context, context.doc));
    if (hit) return copyResult(hit.result);
  }

  const { ajvErrors, normalised } = schemaPass(slug, data, opts.company);
  // The uiSchema brings each field's own messages (own-messages.ts): the server's answers and the form say the same.
  let errors = ajvErrorsToFieldErrors(ajvErrors, { ...opts, root: stage.schema as Record<string, unknown>, uiSchema: stage.uiSchema });
  if (mode === 'draft') errors = errors.filter((e) => !COMPLETENESS_KEYS.has(e.key));

  const warnings: FieldError[] = [];
  const outer = checkingFor;
  checkingFor = opts.company;
  try {
    for (const check of stage.checks) {
      if (check.when === 'submit' && mode === 'draft') continue;
      for (const i of runCheck(check, context)) {
        const path = i < 0 ? check.path.replace(/\/[^/]*\{i\}.*$/, '') : check.path.replace('{i}', String(i));
        const e = fieldError(path, check.key, { ...check.params }, opts);
        (check.level === 'error' ? errors : warnings).push(e);
      }
    }
  } finally {
    checkingFor = outer;
  }

  let out = stageData;
  if (normalised.length && stageData && typeof stageData === 'object') {
    out = immer.produce(stageData, (draft) => {
      for (const n of normalised) {
        const path = parsePointer(n.path);
        let node = draft as Record<string, unknown>;
        for (const seg of path.slice(0, -1)) node = node[seg] as Record<string, unknown>;
        node[path[path.length - 1]] = n.value;
      }
    });
  }
  // A check naming a hidden field (or inside one) has nothing the dealer can see to fix.
  const hidden = hiddenPaths(stage.schema as Record<string, unknown>, stageData, opts.company);
  if (hidden.length) {
    errors = errors.filter((e) => !isUnderHidden(e.path, hidden));
    for (let i = warnings.length - 1; i >= 0; i--) if (isUnderHidden(warnings[i].path, hidden)) warnings.splice(i, 1);
  }
  const result = { errors, warnings, data: out };
  if (cacheable) {
    const entries = memo.get(data) ?? [];
    if (entries.length >= MEMO_PER_DATA) entries.shift();
    // The caller's own (unfrozen) document or list may change later: remember copies of them.
    entries.push({
      slug,
      catalogue: activeCatalogue(),
      context: Object.isFrozen(context.doc) ? context.doc : { ...context.doc },
      mode,
      stages: context.stages && !Object.isFrozen(context.stages) ? [...context.stages] : context.stages,
      lng: opts.lng,
      t: opts.t,
      region: opts.company?.region ?? null,
      result,
    });
    memo.set(data, entries);
    return copyResult(result);
  }
  return result;
}
