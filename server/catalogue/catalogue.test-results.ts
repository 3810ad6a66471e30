/**
 * Stage test cases' results as the draft's answers carry them (`test_results`, issue 56): what
 * differed, by the engine's message keys and JSON pointers, for the editor to say in its own words
 * (the publish's 422 says it in the server's: catalogue.test-report.ts). The cases run in the worker
 * thread exactly as a publish runs them (catalogue.test-cases.ts); this only reshapes the answer.
 */
import diff from 'microdiff';
import type { DraftTestResult } from '../../contract/catalogue';
import type { CatalogueTestResult } from './catalogue.test-cases';

type Message = { path: string; key: string };
type Difference = DraftTestResult['differences'][number];

/** The most pointers of one stage's data a difference lists (a list rewritten differs everywhere). */
const MAX_PATHS = 20;

const pointer = (path: Array<string | number>) => `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** The JSON pointers where `actual` differs from `expected` (`/` for the whole value), at most `limit`. */
export function changedPaths(expected: unknown, actual: unknown, limit = MAX_PATHS): string[] {
  const changes = diff({ v: expected ?? null }, { v: actual ?? null });
  return [...new Set(changes.map((c) => pointer(c.path.slice(1)).replace(/^\/$/, '') || '/'))].slice(0, limit);
}

const messages = (value: unknown): Message[] =>
  Array.isArray(value) ? (value as Message[]).filter((m) => m && typeof m.path === 'string' && typeof m.key === 'string').map((m) => ({ path: m.path, key: m.key })) : [];

function differenceOf(p: CatalogueTestResult['problems'][number]): Difference {
  const actual = p.actual as { error?: unknown; stage?: unknown; messages?: unknown } | null;
  if (actual && !Array.isArray(actual) && typeof actual.error === 'string') return { kind: 'error', error: actual.error };
  if (p.kind === 'doc') return { kind: 'doc', stage: String(actual?.stage ?? ''), got: messages(actual?.messages) };
  // valid: no messages were expected (its `expected` is `true`).
  if (p.kind === 'valid') return { kind: 'valid', expected: [], got: messages(p.actual) };
  if (p.kind === 'messages') return { kind: 'messages', expected: messages(p.expected), got: messages(p.actual) };
  const [stage] = Object.keys(p.expected as object);
  return { kind: 'after', stage, paths: changedPaths((p.expected as Record<string, unknown>)[stage], (p.actual as Record<string, unknown>)[stage]) };
}

/** The results as the answers' `test_results`: each case with what differed (nothing when it passed). */
export function draftTestResults(results: readonly CatalogueTestResult[]): DraftTestResult[] {
  return results.map((r) => ({ stage: r.stage, id: r.id, name: r.name, passed: r.passed, differences: r.problems.map(differenceOf) }));
}
