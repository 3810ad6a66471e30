// @vitest-environment jsdom
// The sign-in page of a first visit without a router (shell/SignedOutShell.tsx, LoginShell.tsx,
// issue 59): the form shows with the sign-in page's own texts alone (no `common`), its links move
// by a hash change, another signed-out page brings the routed shell, and signing in lands where the
// route guard sends it (the `redirect` parameter made safe, else the dashboard), arriving "from
// Login" as the app's router reads it, with the app asked to take over.
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type BackendModule } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nOptions } from '../../../src/i18n/i18n';
import { SIGN_IN_NAMESPACES } from '../../../src/i18n/locales';
import { HttpError } from '../../../src/http/HttpError';
import { session } from '../../../src/session/session';
import { INITIAL_SESSION, type SessionState } from '../../../src/session/state';
import { SignedOutShell } from '../../../src/shell/SignedOutShell';
import { admin } from '../fixtures/users';

const app = vi.hoisted(() => ({ opened: 0 }));
vi.mock('../../../src/shell/appShell', () => ({
  openApp: () => void (app.opened += 1),
  useAppWanted: () => false,
}));
// The routed shell (react-router and the signed-out pages) stands in as a marker of where it opened.
vi.mock('../../../src/shell/routedShell', () => {
  const module = { PublicApp: () => <p data-testid="routed-shell">routed at {window.location.hash}</p> };
  return { loadPublicApp: () => Promise.resolve(module), loadedPublicApp: () => null };
});

const texts = (ns: string) => JSON.parse(readFileSync(`locales/en-GB/${ns}.json`, 'utf8')) as Record<string, unknown>;

let state: SessionState = { ...INITIAL_SESSION, status: 'anonymous' };
const listeners = new Set<() => void>();
const setSession = (next: SessionState) => {
  state = next;
  listeners.forEach((l) => l());
};

/** Namespaces asked of the backend: those the sign-in page reads are in hand, any other is asked for. */
const asked: string[] = [];
const recorder: BackendModule = { type: 'backend', init() {}, read: (_language, ns, callback) => (asked.push(ns), callback(null, {})) };

/** The sign-in page at `hash`, as a first visit sees it: i18next with the sign-in texts only. */
function visit(hash: string) {
  window.history.replaceState(null, '', hash);
  const i18n = i18next.createInstance().use(recorder);
  const resources = { 'en-GB': Object.fromEntries(SIGN_IN_NAMESPACES.map((ns) => [ns, texts(ns)])) };
  void i18n.init({ ...i18nOptions('en-GB', SIGN_IN_NAMESPACES), initAsync: false, partialBundledLanguages: true, resources });
  return render(
    <I18nextProvider i18n={i18n}>
      <SignedOutShell onFailed={() => {}} />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  app.opened = 0;
  asked.length = 0;
  state = { ...INITIAL_SESSION, status: 'anonymous' };
  vi.spyOn(session, 'getState').mockImplementation(() => state);
  vi.spyOn(session, 'subscribe').mockImplementation((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
});

afterEach(() => {
  cleanup();
  listeners.clear();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '#');
});

/** Signs in on the form: the session becomes a signed-in one, as session.login leaves it. */
async function signIn() {
  vi.spyOn(session, 'login').mockImplementation(async () => setSession({ ...state, status: 'authenticated', user: admin, company: null, expiresAt: Date.now() + 60_000 }));
  fireEvent.change(screen.getByLabelText(/email/i, { selector: 'input' }), { target: { value: 'admin@example.test' } });
  fireEvent.change(screen.getByLabelText(/password/i, { selector: 'input' }), { target: { value: 'secret-password' } });
  await act(async () => void fireEvent.submit(screen.getByTestId('login-form')));
}

describe('the sign-in page without a router', () => {
  it('shows the form, the signed-out bar, footer and cookie banner, with its own texts, titled Login', async () => {
    visit('#/login');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to the Launch Portal');
    expect(screen.getByTestId('footer')).toBeTruthy();
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
    for (const link of screen.getAllByText(/request access/i, { selector: 'a' })) expect(link.getAttribute('href')).toBe('#/register');
    await waitFor(() => expect(document.title).toBe('Launch Portal | Login'));
    // Nothing of the page waited for another namespace (`common` is 11 KiB the first visit skips).
    expect(asked).toEqual([]);
  });

  it('puts the bare address in Login\'s place', async () => {
    visit('#/');
    await screen.findByTestId('login-form');
    expect(window.location.hash).toBe('#/login');
  });

  it('moves to Register on a plain click, without a reload, a new history entry, in the routed shell', async () => {
    visit('#/login');
    await screen.findByTestId('login-form');
    const entries = window.history.length;
    const link = screen.getAllByText(/request access/i, { selector: 'a' })[0];
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    expect(window.location.hash).toBe('#/register');
    expect(window.history.length).toBe(entries + 1);
    expect((await screen.findByTestId('routed-shell')).textContent).toBe('routed at #/register');
  });

  it('leaves a ctrl-click to the browser', async () => {
    visit('#/login');
    await screen.findByTestId('login-form');
    expect(fireEvent.click(screen.getAllByText(/request access/i, { selector: 'a' })[0], { button: 0, ctrlKey: true })).toBe(true);
    expect(window.location.hash).toBe('#/login');
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('opens the app at an address no signed-out page has', async () => {
    visit('#/login');
    await screen.findByTestId('login-form');
    await act(async () => {
      window.history.pushState(null, '', '#/companies');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(app.opened).toBeGreaterThan(0);
  });

  it('lands, once signed in, on the redirect parameter, arriving from Login as the app\'s router reads it', async () => {
    visit('#/login?redirect=%2Fcompanies%3Fpage%3D2');
    await screen.findByTestId('login-form');
    await signIn();
    await waitFor(() => expect(window.location.hash).toBe('#/companies?page=2'));
    expect(app.opened).toBe(1);
    // The app's router, created at the landing, finds the arrival in the history entry.
    const router = createHashRouter([{ path: '*', element: null }]);
    expect(router.state.location.pathname).toBe('/companies');
    expect(router.state.location.state).toEqual({ from: 'Login' });
    router.dispose();
  });

  it('says what is missing on an empty form, and growls a refused sign-in, in the sign-in texts alone', async () => {
    visit('#/login');
    await screen.findByTestId('login-form');
    await act(async () => void fireEvent.submit(screen.getByTestId('login-form')));
    expect(screen.getByTestId('form-error').textContent).toBe('Please make sure that all required fields are complete.');
    vi.spyOn(session, 'login').mockRejectedValue(new HttpError(401, {}, (key) => key));
    fireEvent.change(screen.getByLabelText(/email/i, { selector: 'input' }), { target: { value: 'nobody@example.test' } });
    fireEvent.change(screen.getByLabelText(/password/i, { selector: 'input' }), { target: { value: 'wrong-password' } });
    await act(async () => void fireEvent.submit(screen.getByTestId('login-form')));
    expect((await screen.findByTestId('growl-message')).textContent).toBe('Password or Email Address are incorrect.');
    expect(window.location.hash).toBe('#/login');
    expect(app.opened).toBe(0);
    expect(asked).toEqual([]);
  });

  it('lands on the dashboard without a redirect, or with one to another site', async () => {
    for (const hash of ['#/login', '#/login?redirect=%2F%2Fevil.test']) {
      visit(hash);
      await screen.findByTestId('login-form');
      await signIn();
      await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
      cleanup();
      setSession({ ...INITIAL_SESSION, status: 'anonymous' });
    }
  });
});
