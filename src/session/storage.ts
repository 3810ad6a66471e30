import type { CompanyChoice, SessionCompany, SessionUser } from '../auth/types';
import { deleteCookie, readCookie, writeCookie } from './cookies';

/** Cookie names (spec section 9: access token and remember-me flag live in cookies). */
export const TOKEN_COOKIE = 'portal_token';
export const REMEMBER_COOKIE = 'portal_remember';
export const ACTIVE_COMPANY_COOKIE = 'portal_active_company';
/**
 * The signed-in user's company language ('fr'), kept as long as the session is in this browser: a
 * new tab or a reload starts in it before the user is read (issue 59), and it goes with the session.
 */
export const ACCOUNT_LANG_COOKIE = 'portal_account_lang';
/** sessionStorage key of the session state (spec section 4). */
export const SESSION_KEY = 'portal.session';

/** Kept in sessionStorage so a reload of the tab keeps the signed-in state without a round trip. */
export interface StoredSession {
  user: SessionUser;
  company: SessionCompany | null;
  companies?: CompanyChoice[];
  /** When the access token stops working (ms since epoch). */
  expiresAt: number;
}

const REMEMBER_DAYS = 30;

export function readToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function isRemembered(): boolean {
  return readCookie(REMEMBER_COOKIE) === '1';
}

/** Stores a fresh token: persistent for remember-me (so a new browser session can refresh), else a session cookie. */
export function writeToken(token: string, expiresInSeconds: number, remember: boolean): void {
  writeCookie(TOKEN_COOKIE, token, remember ? expiresInSeconds : undefined);
  if (remember) writeCookie(REMEMBER_COOKIE, '1', REMEMBER_DAYS * 24 * 3600);
  else deleteCookie(REMEMBER_COOKIE);
}

export function readStoredSession(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // No storage: the session still works for this page.
  }
}

export function readAccountLang(): string | null {
  return readCookie(ACCOUNT_LANG_COOKIE);
}

/** As long as the session: 30 days with remember-me (as the remember cookie), else until the browser closes. */
export function writeAccountLang(lang: string | null | undefined): void {
  if (lang) writeCookie(ACCOUNT_LANG_COOKIE, lang, isRemembered() ? REMEMBER_DAYS * 24 * 3600 : undefined);
  else deleteCookie(ACCOUNT_LANG_COOKIE);
}

export function readActiveCompanyId(): number | null {
  const value = Number(readCookie(ACTIVE_COMPANY_COOKIE));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeActiveCompanyId(id: number | null): void {
  if (id) writeCookie(ACTIVE_COMPANY_COOKIE, String(id));
  else deleteCookie(ACTIVE_COMPANY_COOKIE);
}

/** Forgets everything this browser knows about the session. */
export function clearStoredSession(): void {
  deleteCookie(TOKEN_COOKIE);
  deleteCookie(REMEMBER_COOKIE);
  deleteCookie(ACTIVE_COMPANY_COOKIE);
  deleteCookie(ACCOUNT_LANG_COOKIE);
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The expiry of a JWT from its `exp` claim (ms), or null; used when a new tab finds a token cookie
 * but no session state of its own.
 *
 * @example jwtExpiry('eyJ...') // 1767225600000
 */
export function jwtExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}
