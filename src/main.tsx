import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import { createNonceCache, readCspNonce } from './csp/nonce';
import { createI18nProvider, i18n } from './i18n/i18n';
import { SIGNED_IN_NAMESPACES } from './i18n/locales';
import { pageNamespacesAt, preloadPageAt } from './routing/pages';
import { isLoginAt, isPublicAt } from './routing/publicPages';
import { session } from './session/session';
import { loadApp } from './shell/appShell';
import { Root, type Shell } from './shell/Root';
import { loadPublicApp } from './shell/routedShell';

// MUI's styles go through Emotion: give it this page's CSP nonce so `style-src 'nonce-N'` allows them.
const emotionCache = createNonceCache(readCspNonce());

async function start(): Promise<void> {
  // The session check runs while the translations load; the route guard waits for it under the overlay.
  const sessionChecked = session.start();
  // A session kept in this tab is known at once: the signed-in shell's texts load with the app's.
  const signedIn = session.getState().status === 'authenticated';
  const hash = window.location.hash;
  // A visitor on a signed-out page (Login most often) gets the light shell, in this bundle; anyone
  // else the app, whose code is asked for now, beside the translations. The app then starts its
  // first page (its data, texts and code) before it renders: App.tsx prepareFirstPage.
  const shell: Shell = !signedIn && isPublicAt(hash) ? 'public' : 'app';
  // In the app with an access token in hand (a new tab of a signed-in browser), the user is all but
  // known: the first render waits for the signed-in shell's texts and its page's code as for a
  // session kept in this tab, instead of showing the top bar's parts and the page as each comes.
  const expectSignedIn = signedIn || (shell === 'app' && session.tokenInHand());
  // The page's code is asked for now, beside the app's, not once the app's chunk has run (App.tsx
  // prepareFirstPage asks again, for the same load, and adds the page's data and texts). The page
  // table is in this bundle (4 KiB compressed): as a chunk of its own it was one more round trip,
  // taken only once this bundle had run, and the page's code came 200 ms later on a cold visit.
  if (shell === 'app') preloadPageAt(hash);
  // A failed load is tried again by Root, under the overlay.
  const appReady = shell === 'app' ? loadApp().then((app) => app.prepareFirstPage(hash, sessionChecked, expectSignedIn), () => {}) : null;
  // Signed in, the first render needs the shell's texts and its page's: they load with the app's own.
  // The signed-out shell loads only the texts its pages read; the app's own come with the app's code.
  // The sign-in page's, its own alone (i18n/locales.ts SIGN_IN_NAMESPACES: no `common`).
  // In the company's language the session kept for this browser, unless the user chose one.
  const i18nLoaded = createI18nProvider(expectSignedIn ? [...SIGNED_IN_NAMESPACES, ...pageNamespacesAt(hash)] : [], shell === 'public' && isLoginAt(hash) ? 'login' : shell, session.accountLang());
  // Another signed-out page than Login: the routed shell's chunk first (Login needs none; a failed
  // load is tried again by shell/SignedOutShell.tsx).
  const routedReady = shell === 'public' && !isLoginAt(hash) ? loadPublicApp().catch(() => {}) : null;
  const [i18nProvider] = await Promise.all([i18nLoaded, appReady, routedReady]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <CacheProvider value={emotionCache}>
          {/* The app's i18next reaches every screen through this provider, not through
              react-i18next's global instance, which any other instance given initReactI18next
              (a preview's, a renderer's) would replace for the whole page (issue 54). */}
          <I18nextProvider i18n={i18n}>
            <Root start={shell} i18nProvider={i18nProvider} />
          </I18nextProvider>
        </CacheProvider>
      </StrictMode>,
    ),
  );
}

void start();
