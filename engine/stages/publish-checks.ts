/**
 * Issue 31: staff publish new versions of stage files from the portal, so a stage file is now
 * input, not code. `publishProblems` is what the server asks before it stores one: everything
 * `lintStageFile` says, plus what would break dealers' configs (rule targets the schema does not
 * define, rules that feed each other, logic that throws) or the server (deep nesting, huge files,
 * catastrophic regexes, logic that explodes). See engine/README.md, "Publishing a stage file".
 */
// safe-regex2 (fastify's, already installed under find-my-way) rejects star height > 1, i.e. a
// repetition inside a repetition such as (a+)+, the shape of catastrophic backtracking. It is a
// small pure-JS parse with no native or JVM part (unlike recheck), so it runs in the browser
// editor too; with the length limit below it is the bound we can state to staff.
import safeRegex from 'safe-regex2';
import { hasOwn, isPlainObject, parsePointer, toPointer } from '../json';
import { MAX_INPUT_ITEMS } from '../validation/input-guard';
import { jsonLogic } from '../rules/operations';
import { bundleSchema, shapeNameOf } from './bundle';
import { STAGE_SCHEMA_KEYWORDS, schemaPositions } from './schema-positions';
import { shapeFiles, stageFiles } from './files';
import { lintStageFile } from './lint';

/** What a published stage file may not exceed; the server and the editor show these. */
export const PUBLISH_LIMITS = Object.freeze({
  /** Nesting of the whole file. Built-in files reach 12; lint, ajv and json-logic recurse. */
  depth: 64,
  /** JSON text of the file, in UTF-8 bytes. The largest built-in file is about 11 KB. */
  bytes: 1_000_000,
  /** Characters of one regex (`pattern`, a `patternProperties` key). */
  patternLength: 500,
  /** JSON values (operations, arguments, literals) in one expression. Built-in rules use under 20. */
  logicNodes: 2_000,
  /** Nesting of one expression. */
  logicDepth: 32,
  /** Estimated evaluation steps of one expression: loops multiply their body (see `stepsOf`). */
  logicSteps: 1_000_000,
  /** JSON values (schemas, keywords' values, items of enums) in the schema. Built-in schemas have under 200. */
  schemaNodes: 10_000,
  /** Items of one `enum`. Built-in enums have under 20. */
  enumItems: 1_000,
});

export interface PublishOptions {
  /** The other current stage files (raw, as in schemas/stages). Default: the built-in ones. */
  catalogue?: readonly unknown[];
}

type Json = Record<string, unknown>;

const fmt = (n: number) => n.toLocaleString('en-GB');
/** Operations that evaluate their second argument once per item of the first. */
const LOOPS = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);
const LOGIC_KEYWORDS = ['visibleIf', 'requiredIf', 'requiredIfLogic'];

/**
 * Every reason `file` may not be published as a stage; empty when it may. Never throws.
 * @example publishProblems(departmentsFile) // []
 * @example publishProblems({ ...file, rules: [{ ...rule, target: '/departments/nope' }] })
 *   // ['departments.json: /rules/0/target "/departments/nope" is not a path the schema of stage "departments" defines: it has no "nope" at /departments']
 */
export function publishProblems(file: unknown, options: PublishOptions = {}): string[] {
  const name = isPlainObject(file) && typeof file.slug === 'string' && /^[a-z0-9-]{1,64}$/.test(file.slug) ? `${file.slug}.json` : 'stage';
  try {
    // Size and depth first, without recursion: everything after this recurses over the file.
    const shape = shapeProblem(file);
    if (shape) return [`${name}: ${shape}`];
    // The schema's keywords, refs and sizes next: nothing below may see a keyword the format does
    // not have. Then patterns and logic: lint validates the defaults (running the patterns and
    // requiredIfLogic).
    const format = schemaProblems(file);
    if (format.length) return format.map((p) => `${name}: ${p}`);
    const hostile = [...patternProblems(file), ...logicSizeProblems(file)].map((p) => `${name}: ${p}`);
    if (hostile.length) return hostile;
    const problems = lintStageFile(file, name).map(clearerDefaults);
    if (!isPlainObject(file) || !Array.isArray(file.rules) || !isPlainObject(file.schema)) return problems;
    const catalogue = catalogueWith(file, options.catalogue ?? Object.values(stageFiles));
    for (const p of [...targetProblems(file, catalogue), ...cycleProblems(file, catalogue), ...emptyRunProblems(file)]) problems.push(`${name}: ${p}`);
    return [...new Set(problems)];
  } catch (err) {
    // A check that throws is a bug here, but the answer must still be "no".
    return [`${name}: / could not be checked (${err instanceof Error ? err.message : String(err)})`];
  }
}

/** Depth and size of the whole file, walked with an explicit stack (a 10,000-deep file must not overflow ours). */
function shapeProblem(file: unknown): string | null {
  if (file === undefined || typeof file === 'function' || typeof file === 'bigint' || typeof file === 'symbol') return '/ is not JSON data';
  const stack: { value: unknown; depth: number; at: string }[] = [{ value: file, depth: 1, at: '' }];
  let chars = 0; // a lower bound of the JSON text, so a huge string is refused before stringify copies it
  let nodes = 0;
  while (stack.length) {
    const { value, depth, at } = stack.pop()!;
    if (++nodes > PUBLISH_LIMITS.bytes / 2 || chars > PUBLISH_LIMITS.bytes) break; // every value takes 2+ bytes of JSON
    if (typeof value === 'string') chars += value.length + 2;
    if (value === null || typeof value !== 'object') continue;
    if (depth > PUBLISH_LIMITS.depth) {
      return `${at || '/'} is nested deeper than ${PUBLISH_LIMITS.depth} levels (the limit keeps the checks and the server from overflowing their stack)`;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) {
      chars += Array.isArray(value) ? 1 : k.length + 3; // a comma; a quoted key, colon and comma
      stack.push({ value: v, depth: depth + 1, at: `${at}${toPointer([k])}` });
    }
  }
  const bytes = chars > PUBLISH_LIMITS.bytes || nodes > PUBLISH_LIMITS.bytes / 2 ? Infinity : new TextEncoder().encode(JSON.stringify(file) ?? '').length;
  if (bytes > PUBLISH_LIMITS.bytes) {
    return `/ is ${Number.isFinite(bytes) ? fmt(bytes) : `more than ${fmt(PUBLISH_LIMITS.bytes)}`} bytes of JSON; a stage file may have at most ${fmt(PUBLISH_LIMITS.bytes)} bytes`;
  }
  return null;
}

/**
 * What the stage format does not allow in a schema: keywords it does not have (`$id`, `$comment`,
 * `$defs`, a typo), refs other than a shape or `#/definitions/<name>` of the file (a ref into a
 * default or an enum would make data a schema), and more schema than the server compiles quickly.
 */
function schemaProblems(file: unknown): string[] {
  if (!isPlainObject(file) || !isPlainObject(file.schema)) return []; // the meta-schema says so
  const schema = file.schema;
  let nodes = 0;
  for (const stack: unknown[] = [schema]; stack.length && nodes <= PUBLISH_LIMITS.schemaNodes; ) {
    const value = stack.pop();
    nodes++;
    if (value !== null && typeof value === 'object') stack.push(...Object.values(value));
  }
  if (nodes > PUBLISH_LIMITS.schemaNodes) {
    return [`/schema has more than ${fmt(PUBLISH_LIMITS.schemaNodes)} values (fields, keywords and their values); a stage schema may have at most ${fmt(PUBLISH_LIMITS.schemaNodes)}`];
  }
  const definitions = isPlainObject(schema.definitions) ? schema.definitions : {};
  const out: string[] = [];
  for (const { node, at } of schemaPositions(schema, '/schema')) {
    for (const key of Object.keys(node)) {
      if (!STAGE_SCHEMA_KEYWORDS.has(key)) out.push(`${at}${toPointer([key])} is not a keyword of the stage format; remove it (see engine/README.md for the keywords a stage schema may use)`);
    }
    const ref = node.$ref;
    if (ref !== undefined) {
      const local = typeof ref === 'string' ? /^#\/definitions\/([^/]+)$/.exec(ref) : null;
      const ok = typeof ref === 'string' && (shapeNameOf(ref) !== null || (local !== null && hasOwn(definitions, local[1].replace(/~1/g, '/').replace(/~0/g, '~'))));
      if (!ok) out.push(`${at}/$ref ${JSON.stringify(ref)} must name a shape (../shapes/<name>.json) or a definition of this schema (#/definitions/<name>)`);
    }
    if (Array.isArray(node.enum) && node.enum.length > PUBLISH_LIMITS.enumItems) {
      out.push(`${at}/enum has ${fmt(node.enum.length)} values; an enum may have at most ${fmt(PUBLISH_LIMITS.enumItems)}`);
    }
  }
  return out;
}

/** The regexes of a schema (`pattern`, `patternProperties` keys) with their pointers, at schema positions only. */
function patternsIn(schema: unknown, at: string): { re: string; at: string }[] {
  const out: { re: string; at: string }[] = [];
  for (const { node, at: here } of schemaPositions(schema, at)) {
    if (typeof node.pattern === 'string') out.push({ re: node.pattern, at: `${here}/pattern` });
    if (isPlainObject(node.patternProperties)) for (const k of Object.keys(node.patternProperties)) out.push({ re: k, at: `${here}/patternProperties${toPointer([k])}` });
  }
  return out;
}

/**
 * Regexes the code already ships (built-in stage files and shapes): reviewed with the code and
 * run on every dealer's input today, so a file keeping one may be republished. Star height is a
 * coarse test: the domain pattern `([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+` nests a repetition,
 * yet each round must end at a dot, so it does not backtrack.
 */
let shippedPatterns: Set<string> | null = null;
function isShipped(re: string): boolean {
  shippedPatterns ??= new Set(
    [...Object.values(stageFiles).map((f) => (f as Json).schema), ...Object.values(shapeFiles)].flatMap((s) => patternsIn(s, '').map((p) => p.re)),
  );
  return shippedPatterns.has(re);
}

/** Regexes in the schema: ajv runs them on every value a dealer types. */
function patternProblems(file: unknown): string[] {
  if (!isPlainObject(file)) return [];
  const out: string[] = [];
  for (const { re, at } of patternsIn(file.schema, '/schema')) {
    if (re.length > PUBLISH_LIMITS.patternLength) {
      out.push(`${at} is a regular expression of ${fmt(re.length)} characters; the limit is ${PUBLISH_LIMITS.patternLength}`);
      continue;
    }
    try {
      new RegExp(re, 'u'); // ajv compiles patterns with the u flag
    } catch (err) {
      out.push(`${at} is not a valid regular expression: ${(err as Error).message}`);
      continue;
    }
    if (!isShipped(re) && !safeRegex(re)) {
      out.push(
        `${at} regular expression ${JSON.stringify(re)} can take exponential time on some input (a repetition inside a repetition, like (a+)+, or more than 25 repetitions); rewrite it without nesting + or * inside a repeated group`,
      );
    }
  }
  return out;
}

/** Every JSON-logic expression of the file with its pointer: rules, checks, and logic keywords in the schema. */
function logicOf(file: unknown): { logic: unknown; at: string }[] {
  if (!isPlainObject(file)) return [];
  const out: { logic: unknown; at: string }[] = [];
  for (const list of ['rules', 'checks'] as const) {
    const items = file[list];
    if (Array.isArray(items)) items.forEach((r, i) => isPlainObject(r) && out.push({ logic: r.logic, at: `/${list}/${i}/logic` }));
  }
  for (const { node, at } of schemaPositions(file.schema, '/schema')) {
    for (const key of LOGIC_KEYWORDS) {
      const value = node[key];
      if (isPlainObject(value)) for (const [prop, logic] of Object.entries(value)) out.push({ logic, at: `${at}/${key}${toPointer([prop])}` });
    }
  }
  return out;
}

/** The evaluation cost of an expression: a loop costs its body once per item (a list from data: MAX_INPUT_ITEMS). */
function stepsOf(logic: unknown): number {
  if (Array.isArray(logic)) return logic.reduce<number>((n, l) => n + stepsOf(l), 1);
  if (!isPlainObject(logic)) return 1;
  const keys = Object.keys(logic);
  const args = logic[keys[0]];
  if (keys.length === 1 && LOOPS.has(keys[0]) && Array.isArray(args)) {
    const items = Array.isArray(args[0]) ? args[0].length : MAX_INPUT_ITEMS;
    return 1 + stepsOf(args[0]) + items * stepsOf(args[1]) + args.slice(2).reduce<number>((n, l) => n + stepsOf(l), 0);
  }
  return Object.values(logic).reduce<number>((n, l) => n + stepsOf(l), 1);
}

/** Logic small enough to run on the server at every edit of every dealer. */
function logicSizeProblems(file: unknown): string[] {
  const out: string[] = [];
  for (const { logic, at } of logicOf(file)) {
    let nodes = 0;
    let deepest = 0;
    const stack: { value: unknown; depth: number; at: string }[] = [{ value: logic, depth: 1, at }];
    while (stack.length) {
      const { value, depth, at: where } = stack.pop()!;
      nodes++;
      deepest = Math.max(deepest, depth);
      if (!value || typeof value !== 'object') continue;
      if (isPlainObject(value) && Object.keys(value).length === 1 && hasOwn(value, 'pad')) {
        // pad appends until the length: a big or computed length fills the memory.
        const len = Array.isArray(value.pad) ? (value.pad[1] as unknown) : undefined;
        if (typeof len !== 'number' || !(len >= 0 && len <= MAX_INPUT_ITEMS)) {
          out.push(`${where}/pad/1 must be a number from 0 to ${fmt(MAX_INPUT_ITEMS)} written in the file (pad adds items up to that length)`);
        }
      }
      for (const [k, v] of Object.entries(value)) stack.push({ value: v, depth: depth + 1, at: `${where}${toPointer([k])}` });
    }
    if (nodes > PUBLISH_LIMITS.logicNodes) {
      out.push(`${at} has ${fmt(nodes)} parts (operations, arguments and values); an expression may have at most ${fmt(PUBLISH_LIMITS.logicNodes)}`);
    } else if (deepest > PUBLISH_LIMITS.logicDepth) {
      out.push(`${at} is nested ${deepest} levels deep; an expression may nest at most ${PUBLISH_LIMITS.logicDepth}`);
    } else {
      const steps = stepsOf(logic);
      if (steps > PUBLISH_LIMITS.logicSteps) {
        out.push(
          `${at} could take about ${fmt(steps)} steps to evaluate, more than the ${fmt(PUBLISH_LIMITS.logicSteps)} allowed: ` +
            `map, filter, reduce, all, some and none repeat their second argument for every item (a list from the configuration counts as ${fmt(MAX_INPUT_ITEMS)})`,
        );
      }
    }
  }
  return out.filter((p, i, all) => all.indexOf(p) === i);
}

/** Lint's default messages, said for someone who did not write the schema. */
function clearerDefaults(problem: string): string {
  const m = /^(.*?: )\/defaults(\S*) (.+)$/.exec(problem);
  return m ? `${m[1]}/defaults${m[2]}: this default value does not fit the schema (${m[3]}); a new stage starts with it, so it must` : problem;
}

interface StageInfo {
  slug: string;
  file: Json;
  schema: Json | null;
}

/** The current stages with `file` in place of its own current version. */
function catalogueWith(file: Json, others: readonly unknown[]): Map<string, StageInfo> {
  const out = new Map<string, StageInfo>();
  for (const f of [...others, file]) {
    if (!isPlainObject(f) || typeof f.slug !== 'string') continue;
    let schema: Json | null = null;
    if (isPlainObject(f.schema)) {
      const missing: string[] = [];
      schema = bundleSchema(f.schema, shapeFiles, missing);
      if (missing.length) schema = null; // lint names the missing shape
    }
    out.set(f.slug, { slug: f.slug, file: f, schema });
  }
  return out;
}

interface Rule {
  id: string;
  target: string[];
  at: string | null; // pointer in the file being published; null for catalogue rules
  slug: string;
  logic: unknown;
}

function rulesOf(stage: StageInfo, own: boolean): Rule[] {
  const rules = Array.isArray(stage.file.rules) ? stage.file.rules : [];
  const out: Rule[] = [];
  rules.forEach((r, i) => {
    if (!isPlainObject(r) || typeof r.id !== 'string' || typeof r.target !== 'string') return;
    try {
      out.push({ id: r.id, target: parsePointer(r.target), at: own ? `/rules/${i}` : null, slug: stage.slug, logic: r.logic });
    } catch {
      /* an unsafe segment: the meta-schema refuses it */
    }
  });
  return out;
}

/** A catalogue file's pattern tested on a target segment: only safe patterns run at all. */
function matches(re: string, text: string): boolean {
  try {
    return re.length <= PUBLISH_LIMITS.patternLength && (isShipped(re) || safeRegex(re)) && new RegExp(re, 'u').test(text);
  } catch {
    return false;
  }
}

const isIndex = (seg: string) => seg === '-' || /^\d+$/.test(seg);

/** Follows local refs ('#/definitions/x', what bundleSchema leaves) to a schema object. */
function deref(root: Json, node: unknown): Json | null {
  for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 32 || !node.$ref.startsWith('#')) return null;
    try {
      node = node.$ref === '#' ? root : parsePointer(node.$ref.slice(1)).reduce<unknown>((n, k) => (isPlainObject(n) && hasOwn(n, k) ? n[k] : undefined), root);
    } catch {
      return null;
    }
  }
  return isPlainObject(node) ? node : null;
}

/** The schema and its combinator branches: a field defined in any of them is defined. */
function branches(root: Json, node: unknown): Json[] {
  const out: Json[] = [];
  const todo = [node];
  while (todo.length && out.length < 200) {
    const s = deref(root, todo.pop());
    if (!s || out.includes(s)) continue;
    out.push(s);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) todo.push(...(s[k] as unknown[]));
    todo.push(s.then, s.else);
  }
  return out;
}

/**
 * Rule targets must be paths the target stage's schema defines: the engine creates whatever is
 * missing on the way (a field in another stage's data, nulls up to a list position).
 */
function targetProblems(file: Json, catalogue: Map<string, StageInfo>): string[] {
  const out: string[] = [];
  const own = catalogue.get(file.slug as string);
  if (!own) return out; // no usable slug: the meta-schema said so
  for (const rule of rulesOf(own, true)) {
    const [slug, ...path] = rule.target;
    const stage = catalogue.get(slug);
    if (!stage?.schema) continue; // lint names an unknown stage or a missing shape
    const shown = toPointer(rule.target);
    const bad = (why: string) => out.push(`${rule.at}/target "${shown}" is not a path the schema of stage "${slug}" defines: ${why}`);
    const root = stage.schema;
    let nodes = [root];
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const here = toPointer([slug, ...path.slice(0, i)]);
      const next: unknown[] = [];
      let list = false;
      for (const s of nodes.flatMap((n) => branches(root, n))) {
        if (isPlainObject(s.properties) && hasOwn(s.properties, seg)) next.push(s.properties[seg]);
        if (isPlainObject(s.patternProperties)) {
          for (const [re, sub] of Object.entries(s.patternProperties)) if (matches(re, seg)) next.push(sub);
        }
        if (isPlainObject(s.additionalProperties)) next.push(s.additionalProperties);
        if (s.type === 'array' || s.items !== undefined) list = true;
      }
      if (!next.length && list && isIndex(seg)) {
        bad(
          seg === '-'
            ? `${here} is a list, and the engine does not append at "-" (it would write a key named "-"); target the whole list`
            : `${here} is a list, and item ${seg} may be past its end (the engine would fill the gap with nulls); target the whole list`,
        );
        break;
      }
      if (!next.length) {
        bad(`it has no "${seg}" at ${here}`);
        break;
      }
      nodes = next.map((n) => deref(root, n)).filter((n): n is Json => n !== null);
    }
  }
  return out;
}

/** What an expression reads of `doc`, as paths; `value`, `prev` and `defaults` do not change during a cascade. */
function docReads(logic: unknown): string[][] {
  const out: string[][] = [];
  const path = (p: unknown) => {
    if (typeof p === 'number') p = String(p);
    if (typeof p !== 'string') return out.push([]); // a computed path: assume it reads everything
    const segs = p === '' ? [] : p.split('.');
    if (segs.length === 0) out.push([]);
    else if (segs[0] === 'doc') out.push(segs.slice(1));
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isPlainObject(node)) return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return; // a literal object
    const [op] = keys;
    const args = node[op];
    if (op === 'var' || op === 'missing' || op === 'missing_some') {
      // Their string arguments are paths (missing_some: those in its second argument); anything
      // else is computed: it reads what it reads, and its result may name any path.
      const list = Array.isArray(args) ? args : [args];
      const names = op === 'var' ? list.slice(0, 1) : op === 'missing' ? list : Array.isArray(list[1]) ? list[1] : [list[1]];
      for (const n of names) {
        path(n);
        if (n !== null && typeof n === 'object') walk(n);
      }
      for (const a of list) if (!names.includes(a)) walk(a);
      return;
    }
    // A loop's body reads the item (`var` there is relative to it), not the configuration.
    if (LOOPS.has(op) && Array.isArray(args)) return walk(args[0]);
    walk(args);
  };
  walk(logic);
  return out;
}

const overlaps = (a: readonly string[], b: readonly string[]) => a.slice(0, b.length).every((s, i) => s === b[i]);

/**
 * Rules that write what each other read never settle, or settle by order alone; the engine's guard
 * (RuleCycleError) only stops them after 16 passes, at a dealer's save. Rules sharing a target
 * (`value`) are a pipeline on one value (strip, then fill) and are not counted.
 */
function cycleProblems(file: Json, catalogue: Map<string, StageInfo>): string[] {
  const rules = [...catalogue.values()].flatMap((s) => rulesOf(s, s.file === file));
  const reads = rules.map((r) => docReads(r.logic));
  // feeds[a] = rules that read what rule a writes
  const feeds = rules.map((a, i) => rules.map((_, j) => j).filter((j) => j !== i && reads[j].some((p) => overlaps(a.target, p) || overlaps(p, a.target))));
  const out: string[] = [];
  const reported = new Set<string>();
  rules.forEach((start, s) => {
    if (start.at === null) return;
    // Shortest way back to `start` (breadth first), so the message names the fewest rules.
    const from = new Map<number, number>([[s, -1]]);
    const queue = [s];
    let back = -1;
    for (let q = 0; q < queue.length && back < 0; q++) {
      for (const n of feeds[queue[q]]) {
        if (n === s) {
          back = queue[q];
          break;
        }
        if (!from.has(n)) {
          from.set(n, queue[q]);
          queue.push(n);
        }
      }
    }
    if (back < 0) return;
    const cycle: number[] = [];
    for (let n = back; n !== -1; n = from.get(n)!) cycle.unshift(n);
    const key = [...cycle].sort().join();
    if (reported.has(key)) return;
    reported.add(key);
    const ids = cycle.map((i) => `"${rules[i].id}"`);
    const names = ids.length === 2 ? `${ids[0]} and ${ids[1]}` : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
    const how = cycle.map((i, k) => `${ids[k]} writes ${toPointer(rules[i].target)}, which ${ids[(k + 1) % ids.length]} reads`).join('; ');
    out.push(`${start.at}: rules ${names} change each other's data (a cycle): ${how}`);
  });
  return out;
}

/**
 * A rule runs at every edit of a config whose target stage has data, when other stages may have
 * none: logic that throws on empty data would make those saves fail.
 */
function emptyRunProblems(file: Json): string[] {
  const out: string[] = [];
  const run = (logic: unknown, data: Json, at: string) => {
    try {
      jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data);
    } catch (err) {
      if (String((err as Error)?.message).includes('Unrecognized operation')) return; // lint names it
      out.push(`${at} fails when run on empty data (${err instanceof Error ? err.message : String(err)}); it would make saving a config without that data fail`);
    }
  };
  (file.rules as unknown[]).forEach((r, i) => {
    if (isPlainObject(r)) run(r.logic, { doc: {}, prev: {}, value: undefined, defaults: {} }, `/rules/${i}/logic`);
  });
  if (Array.isArray(file.checks)) {
    file.checks.forEach((c, i) => {
      if (isPlainObject(c)) run(c.logic, { doc: {}, data: {}, stages: [], item: {}, index: 0 }, `/checks/${i}/logic`);
    });
  }
  return out;
}
