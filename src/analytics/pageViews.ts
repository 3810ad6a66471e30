/**
 * Page views for the portal's analytics (spec section 1: "Analytics is configured"; the server's
 * side and the providers: server/analytics/). Sent only when the server says analytics is
 * configured (GET /api/analytics, asked once) and the visitor accepted cookies in the banner
 * (layout/CookieBanner.tsx); declined or not yet answered, nothing is sent. What is sent is the
 * route's path pattern (`/configurator/:id/:slug`), never the address itself: no id, name or
 * query leaves the portal through analytics.
 */
import { CONSENT_EVENT, storedConsent } from '../layout/cookieConsent';

let enabled: Promise<boolean> | null = null;

/** Whether the server has analytics configured (asked once per page load; a failure counts as no). */
function analyticsEnabled(): Promise<boolean> {
  enabled ??= fetch('/api/analytics', { credentials: 'omit' })
    .then((r) => (r.ok ? (r.json() as Promise<{ enabled?: boolean }>) : { enabled: false }))
    .then((b) => b.enabled === true)
    .catch(() => false);
  return enabled;
}

const consented = () => storedConsent() === 'accepted';

let last: string | null = null;

/**
 * Counts a view of the route with this path pattern, once per change of route (a re-render or a
 * change of id within one route is the same page). Fire and forget: analytics never delays a page.
 */
export function pageView(path: string): void {
  if (path === last || !consented()) return;
  last = path;
  void analyticsEnabled().then((on) => {
    if (!on) return;
    void fetch('/api/analytics/pageview', {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path }),
    }).catch(() => {});
  });
}

/** The page shown when the visitor accepts is counted then, not only from the next page on. */
export function countOnConsent(currentPath: () => string | null): () => void {
  const onConsent = () => {
    const path = currentPath();
    if (path) pageView(path);
  };
  window.addEventListener(CONSENT_EVENT, onConsent);
  return () => window.removeEventListener(CONSENT_EVENT, onConsent);
}
