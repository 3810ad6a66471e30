/**
 * No import cycles anywhere in our code (server, engine, contract, the app, stories, tests, bench),
 * type-only imports included (issue 24): a circle of type imports still ties the files together,
 * none can be read, moved or tested without the others. ts.preProcessFile lists every import,
 * export-from and dynamic import() of a file as written, types included, without a program, so the
 * whole graph (over a thousand files) is read in well under a second. This is the one cycle check:
 * ESLint's import/no-cycle, which skipped type imports, took 80 s of the lint's 90 (issue 51).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const ROOTS = ['server', 'engine', 'contract', 'src', 'stories', 'tests', 'bench'];
// Generated SQL and its snapshots, not code.
const SKIP_DIRS = new Set(['migrations', 'node_modules']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.(tsx?|m?js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names, as the bundler resolution of tsconfig.json finds it. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.tsx')].find(isFile);
}

/** file -> the files of ours it imports (relative specifiers only: packages cannot import us back). */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolveImport(file, name))
      .filter((target): target is string => target !== undefined && /\.(tsx?|m?js)$/.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import graph', () => {
  it('finds a cycle of type-only imports (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    // preProcessFile reports `import type` and `export type ... from` like any other import.
    const { importedFiles } = ts.preProcessFile("import type { A } from './a';\nexport type { B } from './b';\nconst c = await import('./c');", true, true);
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a', './b', './c']);
  });

  it('our code has no import cycle, type-only imports included', () => {
    const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
    // Every folder is read: the app's and the tests' files as well as the server's.
    for (const dir of ROOTS) expect(files.some((file) => relative(root, file).startsWith(`${dir}/`)), dir).toBe(true);
    expect(files.length).toBeGreaterThan(1000);
    const cycles = findCycles(importGraph(files)).map((cycle) => cycle.map((file) => relative(root, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
