/** localStorage key holding the visitor's answer to the cookie banner: 'accepted' or 'declined'. */
export const COOKIE_CONSENT_KEY = 'portal.cookieConsent';

/** Dispatched on window when the visitor answers the banner (analytics counts the page then). */
export const CONSENT_EVENT = 'portal:cookie-consent';

export type ConsentAnswer = 'accepted' | 'declined';

/** The stored answer, or null while the visitor has not answered (or storage is blocked). */
export function storedConsent(): ConsentAnswer | null {
  try {
    const value = localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the answer (for this page at least when storage is blocked) and tells whoever listens. */
export function storeConsent(answer: ConsentAnswer): void {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, answer);
  } catch {
    // No storage: the banner hides for this page at least.
  }
  window.dispatchEvent(new Event(CONSENT_EVENT));
}
