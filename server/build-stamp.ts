import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the built app this process's environment hosts (STATIC_DIR, else dist). */
export const staticDirOf = (env: NodeJS.ProcessEnv): string => resolve(env.STATIC_DIR ?? 'dist');

/** The repository's root folder (where package.json and vite.config.ts are). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// What `vite build` makes the app from. The rest of src/'s imports are packages (package-lock.json):
// eslint.config.js lets src/ import only engine/, and engine/ only schemas/ and locales/.
const INPUTS = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'public', 'src', 'engine', 'schemas', 'locales'];

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function filesUnder(path: string, name: string, into: string[]): void {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    into.push(name);
    return;
  }
  for (const entry of readdirSync(path)) filesUnder(join(path, entry), `${name}/${entry}`, into);
}

/** A hash of every build input's path and content: it changes when a rebuild would change the app. */
export function inputsHash(): string {
  const files: string[] = [];
  for (const input of INPUTS) filesUnder(join(repoRoot, input), input, files);
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(file).update('\0').update(readFileSync(join(repoRoot, file))).update('\0');
  return hash.digest('hex');
}

// Kept in node_modules/.cache (git ignores it, no web server serves it), one per output folder;
// `npm install` afresh (perhaps new packages) empties it, and the next start builds again.
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'launch-portal');
const stampFile = (outDir: string) => join(cacheDir, `build-${sha256(outDir).slice(0, 16)}.json`);
/** The lock file that lets one process at a time build into `outDir`. */
export const buildLockFile = (outDir: string) => {
  mkdirSync(cacheDir, { recursive: true });
  return join(cacheDir, `build-${sha256(outDir).slice(0, 16)}.lock`);
};

interface Stamp {
  inputs: string;
  /** The hash of the index.html that build wrote: it names the content-hashed entry files, so any
   * other build of the folder (`npm run build` from other sources) has another one. */
  index: string | null;
}

const indexHash = (outDir: string) => {
  const index = join(outDir, 'index.html');
  return existsSync(index) ? sha256(readFileSync(index)) : null;
};

/** True when `outDir` holds the build of exactly these inputs. */
export function isCurrent(outDir: string, inputs: string): boolean {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(outDir), 'utf8')) as Stamp;
    const index = indexHash(outDir);
    return index !== null && stamp.inputs === inputs && stamp.index === index;
  } catch {
    return false;
  }
}

/** Records that `outDir` now holds the build of `inputs`. */
export function writeStamp(outDir: string, inputs: string): void {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(stampFile(outDir), JSON.stringify({ inputs, index: indexHash(outDir) } satisfies Stamp));
}
