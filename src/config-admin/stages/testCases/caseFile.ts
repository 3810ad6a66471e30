/**
 * The stage file's test cases (`tests`, engine/README.md "Test cases") as the editor changes them:
 * add one with a fresh id, rename, remove. Each returns a new file (the editor's draft is immutable
 * state) that stays valid per the meta-schema: ids are kebab-case and unique (at most 64
 * characters), names 1-200 characters, at most 50 cases.
 */
import type { StageTestCase } from '../../../../engine';

/** The meta-schema's bounds of `tests` (schemas/stage.meta.schema.json). */
export const CASE_LIMITS = { cases: 50, id: 64, name: 200 } as const;

type FileWithTests = Record<string, unknown> & { tests?: StageTestCase[] };

/** The cases a file holds (none when it is not an object or has no list). */
export function casesOf(file: unknown): StageTestCase[] {
  const tests = (file as FileWithTests | null)?.tests;
  return Array.isArray(tests) ? tests : [];
}

/** Whether another case fits (the meta-schema allows 50). */
export const canAddCase = (file: unknown) => casesOf(file).length < CASE_LIMITS.cases;

/** A kebab-case id from `name`, not one of `taken` (a number is added: `two-primaries-2`). */
export function freshCaseId(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CASE_LIMITS.id - 4)
      .replace(/-+$/, '') || 'case';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The name as the file keeps it: trimmed, at most 200 characters. */
export const caseName = (name: string) => name.trim().slice(0, CASE_LIMITS.name);

const withTests = (file: unknown, tests: StageTestCase[]): FileWithTests => {
  const { tests: _old, ...rest } = (file ?? {}) as FileWithTests;
  // An emptied list is left out: the file reads as one that never had cases.
  return tests.length ? { ...rest, tests } : rest;
};

/** The file with `c` added last under a fresh id from its name; unchanged past the limit. */
export function addCase(file: unknown, c: Omit<StageTestCase, 'id'>): { file: FileWithTests; id: string } | null {
  const cases = casesOf(file);
  if (cases.length >= CASE_LIMITS.cases) return null;
  const name = caseName(c.name);
  const id = freshCaseId(name, cases.map((x) => x.id));
  return { file: withTests(file, [...cases, { id, ...c, name }]), id };
}

/** The file with the case `id` renamed (its id stays: the publish's messages name it). */
export const renameCase = (file: unknown, id: string, name: string): FileWithTests => withTests(file, casesOf(file).map((c) => (c.id === id ? { ...c, name: caseName(name) } : c)));

/** The file without the case `id`. */
export const removeCase = (file: unknown, id: string): FileWithTests => withTests(file, casesOf(file).filter((c) => c.id !== id));
