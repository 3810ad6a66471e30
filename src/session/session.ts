import { hasPermission } from '../auth/permissions';
import type { CurrentUserResponse, SessionCompany, TokenResponse } from '../auth/types';
import { http, type HttpClient } from '../http';
import { followAccountLocale, i18n } from '../i18n/i18n';
import { localiseServerText } from '../i18n/serverText';
import { loginPath } from '../routing/signInPaths';
import { growl } from './notifier';
import {
  clearStoredSession,
  isRemembered,
  jwtExpiry,
  readAccountLang,
  readActiveCompanyId,
  readStoredSession,
  readToken,
  writeAccountLang,
  writeActiveCompanyId,
  writeStoredSession,
  writeToken,
} from './storage';
import { INITIAL_SESSION, type RegisterPayload, type SessionState } from './state';
import { RENEW_LEAD_MS, nextStep } from './lifetime';

/**
 * The session of spec section 4: unauthorised -> authorised after login or silent refresh,
 * cleared on logout or failed refresh. With remember-me it refreshes before the token lifetime
 * ends; without it the session-expired modal opens when the lifetime elapses, and signing in there
 * resumes whatever was waiting (requests that got a 401 are retried, the page stays as it was).
 */
export class SessionController {
  private state: SessionState = INITIAL_SESSION;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<boolean> | null = null;
  private recovering: Promise<'retry' | 'lost'> | null = null;
  private modalWaiters: Array<(outcome: 'retry' | 'lost') => void> = [];
  /** Counts active-company picks and clears, so only the latest one takes effect. */
  private companySeq = 0;
  /** Replaced by the router bridge with react-router's navigate once the app is mounted. */
  navigate: (path: string) => void = (path) => {
    location.hash = `#${path}`;
  };

  constructor(private readonly client: HttpClient) {
    client.configure({
      getToken: () => readToken(),
      recover: () => this.recover(),
      onNetworkError: () => this.networkLost(),
      onError: (messages) => messages.forEach((m) => growl(m, 'error')),
      translate: (key) => i18n.t(key),
      localise: (text) => localiseServerText(text, (key, params) => i18n.t(key, params)),
      language: () => i18n.language,
    });
    if (typeof document !== 'undefined') {
      // Timers sleep in background tabs: check the lifetime again when the tab comes back.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') this.checkExpiry();
      });
    }
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    if (this.state.status === 'authenticated' && this.state.user && this.state.expiresAt) {
      writeStoredSession({ user: this.state.user, company: this.state.company, companies: this.state.companies, expiresAt: this.state.expiresAt });
    }
    this.listeners.forEach((l) => l());
  }

  /** Restores the session at start-up from the cookies and session storage. */
  async start(): Promise<void> {
    const now = Date.now();
    const token = readToken();
    const stored = readStoredSession();
    if (stored && token && stored.expiresAt > now) {
      this.set({ status: 'authenticated', user: stored.user, company: stored.company, companies: stored.companies ?? [], expiresAt: stored.expiresAt, modalOpen: false });
      this.schedule();
      // Shown at once from storage, then refreshed: roles and permissions may have changed since
      // (a reload shows the menu the server allows now). A failure leaves the stored user.
      void this.loadCurrentSafely();
      return;
    }
    const expiry = token ? jwtExpiry(token) : null;
    // A token the schedule would not renew yet is used as it is: the user's read goes out at once,
    // not after a refresh's round trip (a new tab of a signed-in browser, issue 59: the refresh's
    // answer then waited on the app's code being evaluated, and the read on it). Should the server
    // refuse it (signed out elsewhere), a remembered session is still resumed by the refresh below.
    const usable = this.tokenInHand();
    if (usable) {
      this.set({ expiresAt: expiry! });
      if (await this.loadCurrentSafely()) return;
    }
    if (isRemembered() && (await this.refresh())) {
      if (await this.loadCurrentSafely()) return;
    }
    if (!usable && token && expiry && expiry > now) {
      this.set({ expiresAt: expiry });
      if (await this.loadCurrentSafely()) return;
    }
    if (stored) {
      // The lifetime ran out while the tab was closed or asleep: ask for the password, keep the page.
      this.set({ status: 'authenticated', user: stored.user, company: stored.company, companies: stored.companies ?? [], expiresAt: stored.expiresAt, modalOpen: true });
      return;
    }
    clearStoredSession();
    this.set({ ...INITIAL_SESSION, status: 'anonymous' });
  }

  /**
   * Whether this browser holds an access token with more than RENEW_LEAD_MS left: one a request can
   * carry now, before the session check has ended (main.tsx asks for the first page's data with it).
   */
  tokenInHand(): boolean {
    const token = readToken();
    const expiry = token ? jwtExpiry(token) : null;
    return expiry !== null && expiry - Date.now() > RENEW_LEAD_MS;
  }

  private async loadCurrentSafely(): Promise<boolean> {
    try {
      await this.loadCurrent();
      return true;
    } catch {
      return false;
    }
  }

  /** Loads the signed-in user and company (`GET /api/users/current`). */
  async loadCurrent(): Promise<CurrentUserResponse> {
    const current = await this.client.get<CurrentUserResponse>('/users/current', { cache: false, recover: false, notify: false });
    if (!current) throw new Error('cancelled');
    this.set({ status: 'authenticated', user: current.user, company: current.company, companies: current.companies ?? [], modalOpen: false });
    this.schedule();
    // The user's own company (this answer, never a company staff picked later) sets their default language.
    this.followCompanyLang(current.company?.lang);
    return current;
  }

  /** `POST /api/login`; throws the HttpError (401 = incorrect credentials) for the form to show. */
  async login(email: string, password: string, remember: boolean): Promise<void> {
    const previous = this.state.user;
    const tokens = await this.client.post<TokenResponse>('/login', { email, password, remember }, { auth: false, recover: false, notify: false, withCredentials: true });
    if (!tokens) return;
    this.acceptTokens(tokens, remember);
    if (previous && this.state.modalOpen) {
      const current = await this.loadCurrent();
      if (current.user.id !== previous.id) {
        // Someone else signed in over the modal: the page they were on belongs to another user.
        this.client.cache.clear();
        this.settleModal('lost');
        this.navigate('/dashboard');
        return;
      }
      this.settleModal('retry');
      return;
    }
    this.client.cache.clear();
    await this.loadCurrent();
  }

  /** `POST /api/register`: on success the user is signed in (spec section 4). */
  async register(payload: RegisterPayload): Promise<void> {
    const tokens = await this.client.post<TokenResponse>('/register', payload, { auth: false, recover: false, notify: false, withCredentials: true });
    if (!tokens) return;
    this.acceptTokens(tokens, false);
    this.client.cache.clear();
    await this.loadCurrent();
  }

  private acceptTokens(tokens: TokenResponse, remember: boolean): void {
    writeToken(tokens.access_token, tokens.expires_in, remember);
    this.set({ expiresAt: Date.now() + tokens.expires_in * 1000 });
    this.schedule();
  }

  /** `POST /api/login/refresh` with the cookie and no bearer; false when the session cannot be renewed. */
  refresh(): Promise<boolean> {
    if (!this.refreshing) {
      this.refreshing = this.client
        .post<TokenResponse>('/login/refresh', undefined, { auth: false, recover: false, notify: false, withCredentials: true })
        .then((tokens) => {
          if (!tokens) return false;
          this.acceptTokens(tokens, true);
          return true;
        })
        .catch(() => false)
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /** Plans the next step at the end of the token lifetime: a silent refresh, or the modal. */
  private schedule(): void {
    clearTimeout(this.timer);
    const { expiresAt, status } = this.state;
    if (status !== 'authenticated' || !expiresAt) return;
    const step = nextStep(expiresAt, isRemembered(), Date.now());
    this.timer = setTimeout(() => (step.renew ? void this.renew() : this.checkExpiry()), step.delay);
  }

  private async renew(): Promise<void> {
    if (await this.refresh()) return;
    if (this.state.user) this.openModal();
    else this.lose();
  }

  private checkExpiry(): void {
    const { expiresAt, status, modalOpen } = this.state;
    if (status !== 'authenticated' || modalOpen || !expiresAt) return;
    if (Date.now() < expiresAt) {
      this.schedule();
      return;
    }
    if (isRemembered()) void this.renew();
    else this.openModal();
  }

  openModal(): void {
    clearTimeout(this.timer);
    if (!this.state.modalOpen) this.set({ modalOpen: true });
  }

  private settleModal(outcome: 'retry' | 'lost'): void {
    const waiters = this.modalWaiters;
    this.modalWaiters = [];
    waiters.forEach((resolve) => resolve(outcome));
    if (this.state.modalOpen) this.set({ modalOpen: false });
  }

  /** A 401: renew silently (remember-me), else the modal when a user is stored, else back to Login. */
  recover(): Promise<'retry' | 'lost'> {
    if (!this.recovering) {
      this.recovering = (async (): Promise<'retry' | 'lost'> => {
        if (isRemembered() && (await this.refresh())) return 'retry';
        if (this.state.user) {
          this.openModal();
          return new Promise((resolve) => this.modalWaiters.push(resolve));
        }
        this.lose();
        return 'lost';
      })().finally(() => {
        this.recovering = null;
      });
    }
    return this.recovering;
  }

  /** Clears all state and goes to Login, keeping the page to come back to. */
  private lose(): void {
    const here = location.hash.replace(/^#/, '') || '/';
    this.clear();
    this.navigate(loginPath(here));
  }

  private networkLost(): void {
    if (this.state.status !== 'authenticated') return;
    growl(i18n.t('http.network'), 'error');
    this.clear();
    this.navigate('/login');
  }

  /** Forgets the session in this browser (no server call). */
  clear(): void {
    clearTimeout(this.timer);
    this.client.cancelAll();
    this.client.cache.clear();
    clearStoredSession();
    this.settleModal('lost');
    this.set({ ...INITIAL_SESSION, status: 'anonymous' });
  }

  /** `POST /api/logout` (revokes the refresh family server-side), then forgets everything. */
  async logout(): Promise<void> {
    clearTimeout(this.timer);
    this.client.cancelAll();
    try {
      await this.client.post('/logout', undefined, { recover: false, notify: false, withCredentials: true });
    } catch {
      // Signing out must work even when the server cannot be told.
    }
    this.clear();
  }

  /**
   * A company dashboard's address (`/dashboard/{id}`): for a user held to their own companies (no
   * 'view companies' or 'manage configs') whose other company it names, that company becomes their
   * current one on the server, as the switcher does (a link to it in a mail or a bookmark works,
   * instead of the dashboard of the company they were in); for anyone else, the active company.
   */
  async openCompany(id: number): Promise<void> {
    const { user, company, companies } = this.state;
    const ownOther = !hasPermission(user, ['view companies', 'manage configs']) && company?.id !== id && (companies ?? []).some((c) => c.id === id);
    if (!ownOther) return this.loadCompany(id);
    await this.switchCompany(id);
  }

  /** Makes a company the active one (staff), loading it with `GET /api/companies/{id}`. */
  async loadCompany(id: number): Promise<void> {
    const seq = ++this.companySeq;
    const company = await this.client.get<SessionCompany | { company: SessionCompany }>(`/companies/${id}`, { cache: false });
    // A later pick or clear wins: a slow answer must not bring back a company the user left.
    if (!company || seq !== this.companySeq) return;
    writeActiveCompanyId(id);
    this.set({ company: 'company' in company && typeof company.company === 'object' ? company.company : (company as SessionCompany) });
  }

  /** Clears the active company (empty company-dashboard id) and falls back to the user's own. */
  async clearActiveCompany(): Promise<void> {
    this.companySeq += 1;
    writeActiveCompanyId(null);
    await this.loadCurrentSafely();
  }

  /**
   * Makes one of the user's own companies their current one on the server (`PUT
   * /api/users/current/company`, issue 54): every request then acts on it, and the choice is kept
   * for them. Forgets every kept answer of the company left (the HTTP client's storage cache, and
   * with it the react-query reads, data/queryClient.ts); the switcher then reads the shown screens
   * again. Throws the HttpError of a refusal (403: not one of theirs).
   */
  async switchCompany(id: number): Promise<CurrentUserResponse | undefined> {
    const current = await this.client.put<CurrentUserResponse>('/users/current/company', { company_id: id });
    if (!current) return undefined;
    // A staff pick of another company (the active-company cookie) must not bring the old one back.
    this.companySeq += 1;
    writeActiveCompanyId(null);
    this.client.cache.clear();
    this.set({ user: current.user, company: current.company, companies: current.companies ?? [] });
    // The company they work in now sets their default language, as at sign-in (a language they chose stays).
    this.followCompanyLang(current.company?.lang);
    return current;
  }

  /** The company language the next start of this browser opens in while the session lasts, and the page's now. */
  private followCompanyLang(lang: string | null | undefined): void {
    writeAccountLang(lang);
    void followAccountLocale(lang);
  }

  /** The signed-in user's company language kept for this browser's session ('fr'), or null. */
  accountLang(): string | null {
    return readAccountLang();
  }

  activeCompanyId(): number | null {
    return readActiveCompanyId();
  }
}

// setTimeout overflows above 2^31-1 ms (~24.8 days): cap long delays, the timer re-plans on firing.
/** The app's session, over the app's HTTP client. */
export const session = new SessionController(http);
