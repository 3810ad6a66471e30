import type { RemoteOption, RemoteSearch } from '../../../engine/react';
import { hasPermission } from '../../auth/permissions';
import type { SessionCompany, SessionUser } from '../../auth/types';
import { http } from '../../http';

/** Results a remote select shows for one search. */
const SHOWN = 20;

type UserRow = { id: number; name: string; email: string };
type CompanyRow = { id: number; name: string };
type PostRow = { guid: string; post_title: string };

const userOption = (u: UserRow): RemoteOption => ({ value: u.id, label: u.name && u.name !== u.email ? `${u.name} (${u.email})` : u.email });
const companyOption = (c: CompanyRow): RemoteOption => ({ value: c.id, label: c.name });
const showcaseOption = (p: PostRow): RemoteOption => ({ value: p.guid, label: p.post_title });

/** GET a list (ra-data-simple-rest) with a filter, uncached (a search answers what is there now), quietly. */
async function list<T>(path: string, filter: Record<string, unknown>, sort: [string, 'ASC' | 'DESC'], signal: AbortSignal): Promise<T[]> {
  const rows = await http.get<T[]>(path, {
    query: { filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify([0, SHOWN - 1]) },
    cache: false,
    notify: false,
    signal,
  });
  return rows ?? [];
}

/** A search over the users the session already holds (name or email contains the term, as GET /users `q`), by name. */
function colleaguesSearch(rows: readonly UserRow[]): RemoteSearch {
  const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name));
  return Object.assign(
    async (term: string) => {
      const q = term.trim().toLocaleLowerCase();
      return sorted.filter((u) => u.name.toLocaleLowerCase().includes(q) || u.email.toLocaleLowerCase().includes(q)).slice(0, SHOWN).map(userOption);
    },
    {
      resolve: async (value: string | number) => {
        const row = rows.find((u) => u.id === Number(value));
        return row ? userOption(row) : null;
      },
    },
  );
}

/**
 * The remote selects' searches on a config's stage page (spec section 7, "Remote select search: GET
 * with filter name contains term"; the widget waits 250 ms, debounces 500 ms and needs 1 character):
 *
 * - `companyUsers`: the users of the config's company (GET /users, `q` and `company_id`) for someone
 *   who may list users. Someone who may not (the Client role: a dealer) searches the users of their
 *   OWN company that GET /users/current already brings (spec: "includes company.users"), so a dealer
 *   picks and reads a colleague's name without a new right; for another company's config, no search.
 * - `companies`: the companies the viewer may see (GET /companies with `q`; tenancy on the server).
 * - `showcases`: published showcase posts by title (GET /posts); the value stored is the post's guid.
 *
 * Each resolves a stored id to its label, so the form shows a name, not a number.
 * @example <StageForm searchers={stageSearchers(config.company_id, user)} ... />
 */
export function stageSearchers(
  companyId: number,
  user: Pick<SessionUser, 'roles'> | null | undefined,
  own?: Pick<SessionCompany, 'id' | 'users'> | null,
): Record<string, RemoteSearch> {
  const companies: RemoteSearch = Object.assign(
    async (term: string, signal: AbortSignal) => (await list<CompanyRow>('/companies', { q: term }, ['name', 'ASC'], signal)).map(companyOption),
    {
      resolve: async (value: string | number, signal: AbortSignal) => {
        const [row] = await list<CompanyRow>('/companies', { id: [Number(value)] }, ['name', 'ASC'], signal);
        return row ? companyOption(row) : null;
      },
    },
  );
  // Published showcases by title (GET /posts: any signed-in user); the value is the post's guid.
  const showcases: RemoteSearch = Object.assign(
    async (term: string, signal: AbortSignal) => (await list<PostRow>('/posts', { q: term, post_status: 'published' }, ['post_title', 'ASC'], signal)).map(showcaseOption),
    {
      resolve: async (value: string | number, signal: AbortSignal) => {
        const row = await http.get<PostRow>(`/posts/${encodeURIComponent(String(value))}`, { cache: false, notify: false, signal }).catch(() => null);
        return row ? showcaseOption(row) : null;
      },
    },
  );
  if (!hasPermission(user, 'list users')) {
    const colleagues = own?.id === companyId ? own.users : undefined;
    return colleagues ? { companies, showcases, companyUsers: colleaguesSearch(colleagues) } : { companies, showcases };
  }
  const companyUsers: RemoteSearch = Object.assign(
    async (term: string, signal: AbortSignal) => (await list<UserRow>('/users', { q: term, company_id: [companyId] }, ['name', 'ASC'], signal)).map(userOption),
    {
      resolve: async (value: string | number, signal: AbortSignal) => {
        const [row] = await list<UserRow>('/users', { id: [Number(value)], company_id: [companyId] }, ['name', 'ASC'], signal);
        return row ? userOption(row) : null;
      },
    },
  );
  return { companies, showcases, companyUsers };
}
