/**
 * Page views to the configured analytics (options.ts parseAnalyticsEnv). The app sends one per route it
 * shows, and only after the visitor accepted cookies (src/analytics/); what it sends is the route's
 * path pattern (`/configurator/:id/:slug`), never an id, a name or a query, so no personal data
 * leaves the portal through analytics. Forwarding is fire and forget: an analytics outage never
 * slows or fails the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsSettings } from '../options';

export interface PageView {
  /** The route's path pattern, e.g. `/configurator/:id/dashboard`. */
  path: string;
  /** The visitor's browser (User-Agent) and address: Plausible's daily-salted visitor count needs both. */
  userAgent: string;
  ip: string;
}

/** How long a forward may take before it is given up (the answer never waits for it). */
const FORWARD_TIMEOUT_MS = 5000;

export interface AnalyticsSink {
  send(view: PageView): Promise<void>;
}

/** The sink of the settings; null when analytics is off. */
export function analyticsSink(settings: AnalyticsSettings | null, publicUrl: () => string, log: FastifyBaseLogger): AnalyticsSink | null {
  if (!settings) return null;
  if (settings.provider === 'log') {
    return { send: async (view) => log.info({ analytics: { name: 'pageview', path: view.path } }, 'analytics page view') };
  }
  return {
    async send(view) {
      try {
        const res = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': view.userAgent, 'x-forwarded-for': view.ip },
          body: JSON.stringify({ name: 'pageview', url: `${publicUrl()}${view.path}`, domain: settings.site }),
          signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
        });
        if (!res.ok) log.warn({ status: res.status }, 'analytics page view refused by the provider');
      } catch (err) {
        log.warn({ err }, 'analytics page view not delivered');
      }
    },
  };
}
