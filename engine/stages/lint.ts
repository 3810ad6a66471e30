/**
 * Checks a stage file the way a staff member editing it needs: the meta-schema first, then what a
 * schema cannot say (refs resolve, rule targets point into a known stage, operations exist,
 * defaults are valid data). Every message names the file and the JSON pointer.
 */
import type { ErrorObject } from 'ajv';
import metaSchema from '../../schemas/stage.meta.schema.json';
import { UNSAFE_KEYS, isPlainObject, isUnsafeKey, parsePointer } from '../json';
import { jsonLogic } from '../rules/operations';
import { createAjv } from '../validation/ajv';
import { pruneEmptyStrings } from '../validation/prune';
import { messageProblems } from './lint-messages';
import { bundleSchema } from './bundle';
import { DEFAULT_SOURCES } from './context-defaults';
import { REFERENCE_KINDS } from './references-fields';
import { shapeFiles, stageFiles } from './files';

const DRAFT_TOLERATED = new Set(['required', 'requiredIf', 'requiredIfLogic', 'minItems']);

let metaValidate: ReturnType<ReturnType<typeof createAjv>['compile']> | null = null;
let schemaAjv: ReturnType<typeof createAjv> | null = null;

const BUILT_IN_OPS = new Set([
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and', '>', '>=', '<', '<=',
  'max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in', 'cat',
  'substr', 'log',
]);
// Not 'method': json-logic-js 2 removed it (it called any method of a value), so a stage using it
// would pass here and fail at run time with "Unrecognized operation method".

const UNSAFE_LIST = [...UNSAFE_KEYS].join(', ');

function formatMetaError(e: ErrorObject): string {
  const where = e.instancePath || '/';
  if (e.keyword === 'propertyNames') {
    return `${where}: property name "${(e.params as { propertyName: string }).propertyName}" is not allowed (${UNSAFE_LIST} reach the object prototype, not data)`;
  }
  if (e.keyword === 'additionalProperties') return `${where}: unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'required') return `${where}: missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
  if (e.keyword === 'enum') return `${where} must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  return `${where} ${e.message}`;
}

/**
 * Strings in an expression that name an unsafe key as a path segment (`{"var": "doc.__proto__"}`, a
 * field name "constructor" given to pluck/keepRefs): json-logic and our operations read and write
 * by such names, so they must never reach the prototype.
 */
function unsafeNamesIn(logic: unknown, at: string, out: { name: string; at: string }[]): void {
  if (typeof logic === 'string') {
    if (logic.split(/[./]/).some(isUnsafeKey)) out.push({ name: logic, at });
  } else if (Array.isArray(logic)) logic.forEach((l, i) => unsafeNamesIn(l, `${at}/${i}`, out));
  else if (isPlainObject(logic)) for (const [k, v] of Object.entries(logic)) unsafeNamesIn(v, `${at}/${k}`, out);
}

/**
 * The `$company...` names an expression reads (`{"var": "$company.region"}`, also as `{"var":
 * ["$company.region", default]}`), with their pointers.
 */
function companyVarsIn(logic: unknown, at: string, out: { name: string; at: string }[]): void {
  if (Array.isArray(logic)) logic.forEach((l, i) => companyVarsIn(l, `${at}/${i}`, out));
  else if (isPlainObject(logic)) {
    for (const [k, v] of Object.entries(logic)) {
      const name = k === 'var' ? (Array.isArray(v) ? v[0] : v) : undefined;
      if (typeof name === 'string' && (name === '$company' || name.startsWith('$company.'))) out.push({ name, at: `${at}/var` });
      companyVarsIn(v, `${at}/${k}`, out);
    }
  }
}

/** The one fact of the company a `visibleIf` may read (engine/stages/visibility.ts `CompanyFacts`). */
const COMPANY_FACTS = new Set(['$company.region']);

/** JSON-logic operation names used in an expression, with their pointers. */
function operationsIn(logic: unknown, at: string, out: { op: string; at: string }[]): void {
  if (Array.isArray(logic)) logic.forEach((l, i) => operationsIn(l, `${at}/${i}`, out));
  else if (isPlainObject(logic)) {
    const keys = Object.keys(logic);
    if (keys.length !== 1) return; // a multi-key object is a literal value in json-logic
    out.push({ op: keys[0], at: `${at}/${keys[0]}` });
    operationsIn(logic[keys[0]], `${at}/${keys[0]}`, out);
  }
}

/**
 * All problems of one stage file; empty when it is fine.
 * @example lintStageFile({ slug: 'x' }, 'x.json') // ['x.json: /: missing required property "title"', ...]
 */
export function lintStageFile(file: unknown, fileName = 'stage'): string[] {
  schemaAjv ??= createAjv();
  metaValidate ??= schemaAjv.compile(metaSchema);
  const problems: string[] = [];
  if (!metaValidate(file)) {
    for (const e of metaValidate.errors ?? []) {
      if (e.keyword === 'not' && e.schemaPath === '#/then/not' && /\/schema(\/|$)/.test(e.instancePath)) {
        problems.push(`${fileName}: ${e.instancePath}: a secret field may not have format, pattern, minLength or enum (outside the server it reads "set")`);
        continue;
      }
      // Combinators repeat what their branches said; `not` under propertyNames is said by propertyNames.
      if (e.keyword === 'allOf' || e.keyword === 'if' || e.keyword === 'not') continue;
      problems.push(`${fileName}: ${formatMetaError(e)}`);
    }
    return [...new Set(problems)];
  }
  const stage = file as Record<string, unknown>;
  const known = new Set(Object.values(stageFiles).map((f) => (f as { slug: string }).slug));
  known.add(stage.slug as string);

  if (!fileName.startsWith(`${stage.slug as string}.json`) && fileName !== 'stage') {
    problems.push(`${fileName}: /slug "${String(stage.slug)}" must match the file name`);
  }
  (stage.requires as string[]).forEach((req, i) => {
    if (!known.has(req)) problems.push(`${fileName}: /requires/${i} names unknown stage "${req}"`);
    if (req === stage.slug) problems.push(`${fileName}: /requires/${i} a stage cannot require itself`);
  });

  const missing: string[] = [];
  const bundled = bundleSchema(stage.schema as Record<string, unknown>, shapeFiles, missing);
  for (const ref of missing) problems.push(`${fileName}: /schema has a $ref to unknown shape "${ref}" (shapes: ${Object.keys(shapeFiles).join(', ')})`);

  const ids = new Set<string>();
  // `$company` is given to `visibleIf` only: requiredIf runs in the precompiled validators (also the
  // browser's rjsf one), which know the object and its parent, not the company; rules and checks
  // read the configuration. A field to require for some regions only: required, shown by visibleIf.
  const companyReads = (logic: unknown, at: string, visibleIf: boolean) => {
    const found: { name: string; at: string }[] = [];
    companyVarsIn(logic, at, found);
    for (const { name, at: where } of found) {
      if (!visibleIf) problems.push(`${fileName}: ${where} reads "${name}": only a visibleIf may read the company ($company.region); to require a field for some regions only, make it required and show it with a visibleIf`);
      else if (!COMPANY_FACTS.has(name)) problems.push(`${fileName}: ${where} reads "${name}": a visibleIf knows only the company's region ($company.region)`);
    }
  };
  const checkLogic = (logic: unknown, at: string, visibleIf = false) => {
    companyReads(logic, at, visibleIf);
    const ops: { op: string; at: string }[] = [];
    operationsIn(logic, at, ops);
    for (const { op, at: where } of ops) {
      if (!BUILT_IN_OPS.has(op) && !isCustomOp(op)) problems.push(`${fileName}: ${where} uses unknown JSON-logic operation "${op}"`);
    }
    const unsafe: { name: string; at: string }[] = [];
    unsafeNamesIn(logic, at, unsafe);
    for (const { name, at: where } of unsafe) {
      problems.push(`${fileName}: ${where} names "${name}": ${UNSAFE_LIST} reach the object prototype, not data`);
    }
  };
  (stage.rules as { id: string; target: string; logic: unknown }[]).forEach((rule, i) => {
    if (ids.has(rule.id)) problems.push(`${fileName}: /rules/${i}/id "${rule.id}" is used twice`);
    ids.add(rule.id);
    const targetSlug = parsePointer(rule.target)[0];
    if (!known.has(targetSlug)) problems.push(`${fileName}: /rules/${i}/target points into unknown stage "${targetSlug}"`);
    checkLogic(rule.logic, `/rules/${i}/logic`);
  });
  ((stage.checks as { id: string; logic: unknown }[]) ?? []).forEach((check, i) => {
    if (ids.has(check.id)) problems.push(`${fileName}: /checks/${i}/id "${check.id}" is used twice`);
    ids.add(check.id);
    checkLogic(check.logic, `/checks/${i}/logic`);
  });

  // visibleIf: its logic uses known operations and it names properties the object has.
  const visibility = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visibility(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'visibleIf' && value && typeof value === 'object') {
        const props = (obj.properties ?? {}) as Record<string, unknown>;
        for (const [prop, logic] of Object.entries(value)) {
          if (!(prop in props)) problems.push(`${fileName}: ${at}/visibleIf/${prop} names a property the object does not have`);
          checkLogic(logic, `${at}/visibleIf/${prop}`, true);
        }
      } else if (key === 'requiredIf' || key === 'requiredIfLogic') {
        if (isPlainObject(value)) for (const [prop, logic] of Object.entries(value)) companyReads(logic, `${at}/${key}/${prop}`, false);
      } else if (key !== 'default' && key !== 'enum') visibility(value, `${at}/${key}`);
    }
  };
  visibility(stage.schema, '/schema');

  // defaultFrom (engine/stages/context-defaults.ts): a value the engine knows, on the stage's own
  // fields or a shape it uses (the bundled schema holds both).
  const defaultFrom = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => defaultFrom(n, `${at}/${i}`));
    if (!isPlainObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'defaultFrom' && !(typeof value === 'string' && DEFAULT_SOURCES.includes(value))) {
        problems.push(`${fileName}: ${at}/defaultFrom must be one of ${JSON.stringify(DEFAULT_SOURCES)}`);
      } else if (key === 'refersTo' && !(typeof value === 'string' && (REFERENCE_KINDS as readonly string[]).includes(value))) {
        // references-fields.ts: what the server knows how to check.
        problems.push(`${fileName}: ${at}/refersTo must be one of ${JSON.stringify(REFERENCE_KINDS)}`);
      } else if (key !== 'default' && key !== 'enum') defaultFrom(value, `${at}/${key}`);
    }
  };
  defaultFrom(bundled, '/schema');

  // A field's own messages (`ui:options.messages`): checks it has, keys of this stage's texts.
  if (!missing.length) for (const p of messageProblems(stage.uiSchema, bundled, String(stage.slug))) problems.push(`${fileName}: ${p}`);

  if (!missing.length) {
    try {
      const validate = schemaAjv.compile(bundled);
      // Defaults are draft data: they may be incomplete, never malformed.
      if (!validate(pruneEmptyStrings(stage.defaults))) {
        for (const e of validate.errors ?? []) {
          if (DRAFT_TOLERATED.has(e.keyword)) continue;
          problems.push(`${fileName}: /defaults${e.instancePath} ${e.message}`);
        }
      }
    } catch (err) {
      problems.push(`${fileName}: /schema does not compile: ${(err as Error).message}`);
    }
  }
  return problems;
}

function isCustomOp(op: string): boolean {
  try {
    jsonLogic.apply({ [op]: [] } as Parameters<typeof jsonLogic.apply>[0], {});
    return true;
  } catch (err) {
    return !String((err as Error).message).includes('Unrecognized operation');
  }
}
