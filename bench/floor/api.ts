// The floor's calls, as the app makes them: a bearer token from the sign-in or from the refresh
// cookie (the session check of a returning visitor), then the screen's reads with it.

let token: string | null = null;

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { credentials: 'include', ...init, headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** POST /api/login; true when signed in. */
export async function signIn(email: string, password: string, remember: boolean): Promise<boolean> {
  try {
    ({ access_token: token } = await json<{ access_token: string }>('/api/login', { method: 'POST', body: JSON.stringify({ email, password, remember }) }));
    return true;
  } catch {
    return false;
  }
}

/** The session of a returning visitor: POST /api/login/refresh with the refresh cookie. */
export async function resumeSession(): Promise<void> {
  if (token) return;
  ({ access_token: token } = await json<{ access_token: string }>('/api/login/refresh', { method: 'POST', body: '{}' }));
}

export interface User {
  first_name?: string;
  last_name?: string;
  email?: string;
}

export const currentUser = () => json<User>('/api/users/current');

/** A screen's read: GET, or POST {} for the media library's `/page` search. */
export async function read(path: string): Promise<unknown> {
  return json<unknown>(path, path.endsWith('/page') ? { method: 'POST', body: '{}' } : {});
}
