/** How long before a remembered token's end the session renews it, at most (a fifth of a short lifetime). */
export const RENEW_LEAD_MS = 60_000;

/** setTimeout's longest delay (about 24.8 days): a longer one fires at once. */
const clampDelay = (ms: number) => Math.min(Math.max(0, ms), 2_000_000_000);

/**
 * What the session does at the end of the token lifetime, and when: with remember-me a silent
 * refresh a little before the end (a minute, or a fifth of a short lifetime); without it, a check
 * when the lifetime has run out (then the session-expired modal).
 * @example nextStep(Date.now() + 600_000, true, Date.now()) // { renew: true, delay: 540_000 }
 */
export function nextStep(expiresAt: number, remembered: boolean, now: number): { renew: boolean; delay: number } {
  const left = expiresAt - now;
  if (!remembered) return { renew: false, delay: clampDelay(left) };
  const lead = Math.min(RENEW_LEAD_MS, Math.max(1000, left * 0.2));
  return { renew: true, delay: clampDelay(left - lead) };
}
