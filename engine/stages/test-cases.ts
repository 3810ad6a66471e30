/**
 * Test cases of a stage file (`tests`, engine/README.md "Test cases"): sample data with the outcome
 * the engine must give. They are data only, run by the very functions a stage save goes through
 * (writeStage's guard, shape check, cascade in the save phase, validation), so a case passes here
 * exactly when a save of that data would give that answer. Pure and deterministic: no ids are
 * generated (a case writes its own), no I/O; the validators of every stage a case names must be
 * registered first (as for any validation).
 */
import type { ConfigDocument, FieldError } from '../types';
import { deepEqual, isPlainObject } from '../json';
import { updateStage } from '../rules/apply';
import { guardInput } from '../validation/input-guard';
import { stageShapeErrors, validateStage } from '../validation/validate-stage';
import { hasStage, withCatalogue, type Catalogue } from './catalogue';

/** A message as a case names it: where, and which (the key, never the words: they are translated). */
export interface TestMessage {
  path: string;
  key: string;
}

export interface StageTestCase {
  id: string;
  name: string;
  /** `submit` (default) judges as a submit does (required values, submit-only checks); `draft` as a draft save. */
  mode?: 'draft' | 'submit';
  /** The config's company the case is judged for ("for a UK company"): `visibleIf` reads it as `$company`. Without it the region is null. */
  company?: { region: string };
  /** This stage's data, as a save would send it. */
  data: Record<string, unknown>;
  /** Other stages' data by slug (this stage's own slug: its data before the edit, which rules such as `dropEmptied` compare with). */
  doc?: Record<string, Record<string, unknown>>;
  expect: { valid: true } | { messages: TestMessage[] };
  /** Stages' data by slug after the cascade (this stage's own, or those its cascade writes into). */
  after?: Record<string, Record<string, unknown>>;
}

export interface TestProblem {
  /** valid: errors where none were expected; messages: other messages than expected; after: other data after the cascade; doc: the case's data of a stage no longer fits that stage. */
  kind: 'valid' | 'messages' | 'after' | 'doc';
  expected: unknown;
  actual: unknown;
}

export interface TestResult {
  id: string;
  name: string;
  passed: boolean;
  problems: TestProblem[];
}

const asMessages = (errors: readonly FieldError[]): TestMessage[] => errors.map((e) => ({ path: e.path, key: e.key }));
const order = (a: TestMessage, b: TestMessage) => (a.path === b.path ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.path < b.path ? -1 : 1);
const sorted = (list: readonly TestMessage[]) => [...list].sort(order);
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What the engine answers for a case's save: its errors, warnings and the configuration stored. */
function outcome(slug: string, c: StageTestCase, doc: ConfigDocument): { errors: FieldError[]; warnings: FieldError[]; doc: ConfigDocument } {
  const refused = guardInput(c.data);
  if (refused) return { errors: [refused], warnings: [], doc };
  const shape = isPlainObject(c.data) ? stageShapeErrors(slug, c.data, { company: c.company }) : [];
  if (shape.length) return { errors: shape, warnings: [], doc };
  let r = updateStage(doc, slug, c.data, { phase: 'save' });
  const v = validateStage(slug, r.doc[slug], r.doc, { mode: c.mode ?? 'submit', company: c.company });
  // As writeStage: normalised values (postcodes) are stored, and cascade again.
  if (v.data !== r.doc[slug]) r = updateStage(r.doc, slug, v.data, { phase: 'save' });
  return { errors: v.errors, warnings: v.warnings, doc: r.doc };
}

/** The case's other stages' data that no longer fits those stages (a renamed or retyped field). */
function docProblems(doc: Record<string, Record<string, unknown>>): TestProblem[] {
  const problems: TestProblem[] = [];
  for (const [stage, data] of Object.entries(doc)) {
    const found = !hasStage(stage) ? [{ path: '', key: 'validation:write.unknownStage' }] : asMessages([guardInput(data) ?? stageShapeErrors(stage, data)].flat());
    if (found.length) problems.push({ kind: 'doc', expected: { stage, messages: [] }, actual: { stage, messages: found } });
  }
  return problems;
}

function runCase(slug: string, c: StageTestCase): TestResult {
  // The file's objects are not frozen by the run (updateStage freezes what it is given).
  const doc = structuredClone(c.doc ?? {}) as ConfigDocument;
  const expectKind = 'valid' in c.expect ? 'valid' : 'messages';
  const expected = 'valid' in c.expect ? true : sorted(c.expect.messages);
  const problems: TestProblem[] = [];
  try {
    problems.push(...docProblems(doc));
    const r = outcome(slug, { ...c, data: structuredClone(c.data) }, doc);
    if (expectKind === 'valid' && r.errors.length) problems.push({ kind: 'valid', expected, actual: sorted(asMessages(r.errors)) });
    if (expectKind === 'messages') {
      // Warnings count: a case may expect one (they are shown, not blocking).
      const actual = sorted(asMessages([...r.errors, ...r.warnings]));
      if (!deepEqual(actual, expected)) problems.push({ kind: 'messages', expected, actual });
    }
    for (const [stage, want] of Object.entries(c.after ?? {})) {
      const got = r.doc[stage] ?? null;
      if (!deepEqual(got, want)) problems.push({ kind: 'after', expected: { [stage]: want }, actual: { [stage]: got } });
    }
  } catch (err) {
    // A rule cycle, refused input or a missing validator: the case cannot pass, and says why.
    problems.push({ kind: expectKind, expected, actual: { error: errorText(err) } });
  }
  return { id: c.id, name: c.name, passed: problems.length === 0, problems };
}

/**
 * Runs a stage's test cases with `catalogue` (the stage versions to judge by, e.g. a draft in
 * place of its published version: `catalogueWith([draftDefinition])`). One result per case, in order.
 * @example runTestCases({ slug: 'locations' }, file.tests).every((r) => r.passed)
 */
export function runTestCases(target: { slug: string; catalogue?: Catalogue }, cases: readonly StageTestCase[]): TestResult[] {
  return withCatalogue(target.catalogue, () => cases.map((c) => runCase(target.slug, c)));
}
