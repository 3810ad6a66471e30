/**
 * Failing stage test cases in the spec's error shape (`{detail, field}`), as publish lists its
 * other problems: one detail per case in the catalogue's words, naming the case (name, stage, id)
 * and what differed by the engine's message keys and JSON pointers (never its translated words).
 * `field` points at the case in the published file (`/tests/<i>`); another stage's case has none.
 */
import type { ErrorDetail } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import type { CatalogueTestResult } from './catalogue.test-cases';
import { changedPaths } from './catalogue.test-results';

type Message = { path: string; key: string };

const listOf = (messages: unknown): string =>
  Array.isArray(messages) && messages.length ? (messages as Message[]).map((m) => `${m.key} ${m.path || '/'}`).join(', ') : serverMessages.catalogue.test_none;

function problemText(p: CatalogueTestResult['problems'][number]): string {
  const actual = p.actual as { error?: string; stage?: string; messages?: unknown } | Message[];
  if (!Array.isArray(actual) && typeof actual?.error === 'string') return interpolate(serverMessages.catalogue.test_error, { error: actual.error });
  if (p.kind === 'doc') return interpolate(serverMessages.catalogue.test_doc, { stage: String((actual as { stage: string }).stage), actual: listOf((actual as { messages: unknown }).messages) });
  if (p.kind === 'valid') return interpolate(serverMessages.catalogue.test_valid, { actual: listOf(actual) });
  if (p.kind === 'messages') return interpolate(serverMessages.catalogue.test_messages, { expected: listOf(p.expected), actual: listOf(actual) });
  const [stage] = Object.keys(p.expected as object);
  const paths = changedPaths((p.expected as Record<string, unknown>)[stage], (actual as Record<string, unknown>)[stage], 10);
  return interpolate(serverMessages.catalogue.test_after, { stage, paths: paths.join(', ') });
}

/** The failing cases as error details; `slug` is the stage published (its cases get a field). */
export function failingCaseDetails(results: readonly CatalogueTestResult[], slug: string): ErrorDetail[] {
  let own = -1;
  const details: ErrorDetail[] = [];
  for (const r of results) {
    if (r.stage === slug) own++;
    if (r.passed) continue;
    const detail = interpolate(serverMessages.catalogue.test_failed, { name: r.name, stage: r.stage, id: r.id, problems: r.problems.map(problemText).join('; ') });
    details.push(r.stage === slug ? { detail, field: `/tests/${own}` } : { detail });
  }
  return details;
}
