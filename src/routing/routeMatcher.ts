/*
 * Which route of a table a path is, as react-router's `matchRoutes` decides it for a flat table of
 * our patterns (static segments, `:param`, `:param?`), without react-router: the first chunk
 * (routeAt.ts) carried 27 KiB of router for this one question (issue 59).
 * tests/src/routing/route-matcher.test.ts checks it against `matchRoutes` on the real table.
 */

interface Pattern<N> {
  name: N;
  score: number;
  test: RegExp;
}

const PARAM = /^:[\w-]+$/;

/** Every path an optional segment (`:name?`) stands for: with it, then without it. */
function explode(path: string): string[] {
  const [first, ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const tails = explode(rest.join('/'));
  const paths = tails.map((tail) => (tail === '' ? required : `${required}/${tail}`));
  if (optional) paths.push(...tails);
  return paths.map((p) => (path.startsWith('/') && p === '' ? '/' : p));
}

/** react-router's rank: more segments, and static ones (10) over params (3) over empty ones (1). */
function scoreOf(path: string): number {
  const segments = path.split('/');
  return segments.reduce((score, s) => score + (PARAM.test(s) ? 3 : s === '' ? 1 : 10), segments.length);
}

/** The whole path, any case, trailing slashes allowed; a param is one non-empty segment. */
function regexOf(path: string): RegExp {
  const body = path
    .replace(/^\/*/, '/')
    .split('/')
    .slice(1)
    .map((s) => (PARAM.test(s) ? '/([^/]+)' : `/${s.replace(/[\\.*+^${}|()[\]?]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${body}/*$`, 'i');
}

/** A path's segments decoded, as react-router compares them (an encoded `/` stays encoded). */
function decoded(path: string): string {
  try {
    return path
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

/** A matcher of `routes`' paths: the name of the best-ranked route a path is, the earlier on a tie. */
export function compileRoutes<N>(routes: readonly { name: N; path: string }[]): (path: string) => N | undefined {
  const patterns: Pattern<N>[] = routes
    .flatMap(({ name, path }) => explode(path).map((p) => ({ name, score: scoreOf(p), test: regexOf(p) })))
    // Stable: routes of the same rank keep the table's order.
    .sort((a, b) => b.score - a.score);
  return (path) => {
    const wanted = decoded(path.split('#')[0] || '/');
    return patterns.find((p) => p.test.test(wanted))?.name;
  };
}
