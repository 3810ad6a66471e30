/**
 * "Save this as a test case" (issue 56): the preview's data made into a case whose expectation is
 * what the engine answers now. The answer is the engine's own `runTestCases` run on a probe case
 * (expecting no messages and empty data after), so the recorded case is judged by exactly the
 * functions a publish runs it with: the input guard, the shape check, the cascade of a save,
 * validation in the chosen mode. Its differences from the probe are the answer.
 */
import { runTestCases, type ConfigDocument, type StageTestCase, type TestMessage } from '../../../../engine';
import type { PreviewStage } from '../previewEngine';

export type CaseMode = 'draft' | 'submit';
/** A case as the preview makes it: everything but its id and name. */
export type PreviewCase = Omit<StageTestCase, 'id' | 'name'>;

/** Why the engine could not answer for the data (a missing validator, a rule cycle, data of another stage that no longer fits). */
export class CaseNotRecorded extends Error {}

/** The meta-schema's pattern of an expected message's key. */
const MESSAGE_KEY = /^validation:[A-Za-z0-9_.-]+$/;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The other stages of `doc` the file may read: those it names (a rule's `var`, a pointer, a
 * check). A case carries only their data, so a config's 30 other stages do not fill the file.
 */
export function stagesRead(file: unknown, slug: string, doc: ConfigDocument): string[] {
  const text = JSON.stringify(file);
  return Object.keys(doc).filter((s) => s !== slug && new RegExp(`(^|[^A-Za-z0-9_-])${escape(s)}([^A-Za-z0-9_-]|$)`).test(text));
}

/**
 * The case the preview's data makes: this stage's data, the other stages' it reads, the mode, and
 * what the engine answers (valid, or every message with its pointer and key) with the data of
 * each stage the cascade changed, and the company's region when the file reads it. Throws CaseNotRecorded when the engine cannot judge it.
 */
export function caseFromPreview(preview: PreviewStage, file: unknown, doc: ConfigDocument, mode: CaseMode, region?: string | null): PreviewCase {
  const slug = preview.definition.slug;
  const data = clone((doc[slug] ?? {}) as Record<string, unknown>);
  const read = stagesRead(file, slug, doc);
  const others = Object.fromEntries(read.map((s) => [s, clone(doc[s] as Record<string, unknown>)]));
  // The company the preview stood for, kept only when the file reads it (`$company.region` in a visibleIf).
  const company = region && JSON.stringify(file).includes('"$company.') ? { company: { region } } : {};
  const probe: StageTestCase = {
    id: 'probe',
    name: 'probe',
    mode,
    ...company,
    data,
    ...(read.length ? { doc: others } : {}),
    expect: { messages: [] },
    after: Object.fromEntries([slug, ...read].map((s) => [s, {}])),
  };
  const [result] = runTestCases({ slug, catalogue: preview.catalogue }, [probe]);
  let messages: TestMessage[] = [];
  const after: Record<string, Record<string, unknown>> = { [slug]: {} };
  for (const p of result.problems) {
    const actual = p.actual as { error?: string; stage?: string; messages?: TestMessage[] } | null;
    if (!Array.isArray(actual) && typeof actual?.error === 'string') throw new CaseNotRecorded(actual.error);
    if (p.kind === 'doc') throw new CaseNotRecorded(`${String(actual?.stage)}: ${(actual?.messages ?? []).map((m) => `${m.key} ${m.path}`).join(', ')}`);
    if (p.kind === 'messages') messages = actual as TestMessage[];
    if (p.kind === 'after') Object.assign(after, clone(actual));
  }
  const refused = messages.find((m) => !MESSAGE_KEY.test(m.key));
  if (refused) throw new CaseNotRecorded(refused.key);
  // Another stage is recorded after the cascade only when the cascade changed it.
  for (const s of read) if (after[s] === undefined || JSON.stringify(after[s]) === JSON.stringify(others[s])) delete after[s];
  for (const [s, v] of Object.entries(after)) if (v === null) delete after[s];
  return {
    mode,
    ...company,
    ...(read.length ? { doc: others } : {}),
    data,
    expect: messages.length ? { messages } : { valid: true },
    after,
  };
}
