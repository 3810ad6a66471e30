/**
 * Runs the cascade rules of every stage over the whole configuration until nothing changes.
 * Rules are data (JSON-logic in schemas/stages); nothing here knows any stage.
 */
import { freeze, type Patch } from 'immer';
import type { ConfigDocument, RuleDefinition } from '../types';
import { deepEqual, getAt, parsePointer } from '../json';
import { activeCatalogue, baseCatalogue } from '../stages/catalogue';
import { InvalidInputError, guardInput } from '../validation/input-guard';
import { setAtPath } from './assign';
import { immer } from './immer';
import { jsonLogic } from './operations';

/** More passes than this means two or more rules keep undoing each other. */
export const MAX_RULE_PASSES = 16;

export interface RulesResult {
  doc: ConfigDocument;
  patches: Patch[];
  inversePatches: Patch[];
  /** Ids of the rules that changed something, in first-change order. */
  applied: string[];
}

export interface ApplyRulesOptions {
  /** The configuration before the edit (rules such as `dropEmptied` compare with it). Default: `doc`. */
  prev?: ConfigDocument;
  /** `save` also runs rules with `"on": "save"` (e.g. dropping blank division names). */
  phase?: 'change' | 'save';
  /** Rules to run instead of the catalogue's (tests, previews of a new rule). */
  rules?: readonly RuleDefinition[];
}

/** Thrown when rules do not settle: the message names the rules still changing. */
export class RuleCycleError extends Error {
  constructor(readonly ruleIds: string[]) {
    super(
      `Configurator rules did not settle after ${MAX_RULE_PASSES} passes; these rules keep changing the document: ${ruleIds.join(', ')}. ` +
        'Two rules probably undo each other.',
    );
    this.name = 'RuleCycleError';
  }
}

/** Every rule of the shipped catalogue, in stage order then file order (a config's: `activeCatalogue().rules`). */
export const catalogueRules: readonly RuleDefinition[] = baseCatalogue.rules;

const parsedTargets = new WeakMap<RuleDefinition, string[]>();
function targetOf(rule: RuleDefinition): string[] {
  let path = parsedTargets.get(rule);
  if (!path) {
    path = parsePointer(rule.target);
    parsedTargets.set(rule, path);
  }
  return path;
}

/**
 * Applies the rules to a fixed point. Unchanged parts of `doc` keep their identity; the patches
 * turn `doc` into the result (immer `applyPatches`). Note: `doc` is frozen by immer.
 * @example
 *   const { doc: next, patches } = applyRules(doc, { prev: before });
 *   // a franchise removed from doc.franchises is now gone from every location too
 */
export function applyRules(doc: ConfigDocument, opts: ApplyRulesOptions = {}): RulesResult {
  const phase = opts.phase ?? 'change';
  const catalogue = activeCatalogue();
  const rules = (opts.rules ?? catalogue.rules).filter((r) => (r.on ?? 'change') === 'change' || phase === 'save');
  // Documents are immutable from here on: deep-freezing once (already-frozen subtrees stop the
  // walk) lets the operations and validation cache what they derive from a list by its identity.
  freeze(doc, true);
  const prev = opts.prev ?? doc;
  if (prev !== doc) freeze(prev, true);
  let state = doc;
  const patches: Patch[] = [];
  let inversePatches: Patch[] = [];
  const applied: string[] = [];

  for (let pass = 0; ; pass++) {
    const changed: string[] = [];
    for (const rule of rules) {
      const path = targetOf(rule);
      if (state[path[0]] === undefined) continue; // a stage without data has nothing to cascade
      const current = getAt(state, path);
      const result: unknown = jsonLogic.apply(rule.logic as Parameters<typeof jsonLogic.apply>[0], {
        doc: state,
        prev,
        value: current,
        defaults: catalogue.defaults,
      });
      if (result === undefined || result === current || deepEqual(result, current)) continue;
      const [next, p, ip] = immer.produceWithPatches(state, (draft) => {
        setAtPath(draft as Record<string, unknown>, path, current, result);
      });
      if (next === state) continue;
      state = next;
      patches.push(...p);
      inversePatches = ip.concat(inversePatches);
      changed.push(rule.id);
      if (!applied.includes(rule.id)) applied.push(rule.id);
    }
    if (changed.length === 0) break;
    if (pass + 1 >= MAX_RULE_PASSES) throw new RuleCycleError([...new Set(changed)]);
  }
  return { doc: state, patches, inversePatches, applied };
}

/**
 * Replaces one stage's data and runs the cascade over the whole configuration, comparing with the
 * configuration before the edit. `data` passes the input guard first (depth, sizes, prototype keys;
 * see input-guard.ts): refused data throws `InvalidInputError` before anything recursive sees it.
 * @example
 *   const { doc: next } = updateStage(doc, 'franchises', { franchises: [] });
 *   next.locations.locations[0].franchises // []
 */
export function updateStage(
  doc: ConfigDocument,
  slug: string,
  data: Record<string, unknown>,
  opts: Omit<ApplyRulesOptions, 'prev'> = {},
): RulesResult {
  const refused = guardInput(data);
  if (refused) throw new InvalidInputError([refused]);
  freeze(doc, true);
  const [withData, p0, ip0] = immer.produceWithPatches(doc, (draft) => {
    setAtPath(draft as Record<string, unknown>, [slug], doc[slug], data);
  });
  const r = applyRules(withData, { ...opts, prev: doc });
  return {
    doc: r.doc,
    patches: [...p0, ...r.patches],
    inversePatches: [...r.inversePatches, ...ip0],
    applied: r.applied,
  };
}
