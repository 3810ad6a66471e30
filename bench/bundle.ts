import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript the Login page loads before it can show: the entry script of dist/index.html and
 * every chunk it preloads (Vite lists the entry's static imports as modulepreload links; lazy pages
 * are not among them). Reports raw and gzip bytes. Needs `npm run build` first.
 */
export async function benchBundle(): Promise<void> {
  const dist = resolve('dist');
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) throw new Error('dist/index.html is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) srcs.add(m[1]);
  let raw = 0;
  let gzip = 0;
  const rows: string[] = [];
  for (const src of srcs) {
    const body = readFileSync(join(dist, src.replace(/^\//, '')));
    const gz = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += gz;
    rows.push(`  ${src.padEnd(48)} ${(body.length / 1024).toFixed(1).padStart(8)} KiB  ${(gz / 1024).toFixed(1).padStart(7)} KiB gzip`);
  }
  console.log(rows.join('\n'));
  console.log(`Login page initial JS: ${srcs.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`);
}
