/*
 * Where sign-in sends a visitor and brings them back: pure, shared by the session (a 401 sends the
 * user to Login), the shell (the landing after sign-in) and the route guard.
 */

/**
 * Login with the full path to come back to.
 *
 * @example loginPath('/users?page=2') // '/login?redirect=%2Fusers%3Fpage%3D2'
 */
export function loginPath(fullPath: string): string {
  if (!fullPath || fullPath === '/' || fullPath.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * The in-app path a `redirect` query value may send to after sign-in: only same-app paths, never
 * another origin (`//evil.test`) nor the auth pages themselves.
 *
 * @example safeRedirect('/companies') // '/companies'
 * @example safeRedirect('https://evil.test') // '/dashboard'
 */
export function safeRedirect(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/^\/(login|logout|register)(\/|\?|$)/.test(value)) return fallback;
  return value;
}
