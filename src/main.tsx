import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { createNonceCache, readCspNonce } from './csp/nonce';
import { createI18nProvider } from './i18n/i18n';
import { SIGNED_IN_NAMESPACES } from './i18n/locales';
import { pageNamespacesAt, preloadPageAt } from './routing/pages';
import { isPublicAt } from './routing/publicPages';
import { session } from './session/session';
import { loadApp } from './shell/appShell';
import { Root, type Shell } from './shell/Root';

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
  // The page's code is asked for now, beside the app's, not once the app's chunk has run (App.tsx
  // prepareFirstPage asks again, for the same load, and adds the page's data and texts). The page
  // table is in this bundle (4 KiB compressed): as a chunk of its own it was one more round trip,
  // taken only once this bundle had run, and the page's code came 200 ms later on a cold visit.
  if (shell === 'app') preloadPageAt(hash);
  // A failed load is tried again by Root, under the overlay.
  const appReady = shell === 'app' ? loadApp().then((app) => app.prepareFirstPage(hash, sessionChecked, signedIn), () => {}) : null;
  // Signed in, the first render needs the shell's texts and its page's: they load with the app's own.
  const i18nLoaded = createI18nProvider(signedIn ? [...SIGNED_IN_NAMESPACES, ...pageNamespacesAt(hash)] : []);
  const [i18nProvider] = await Promise.all([i18nLoaded, appReady]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <CacheProvider value={emotionCache}>
          <Root start={shell} i18nProvider={i18nProvider} />
        </CacheProvider>
      </StrictMode>,
    ),
  );
}

void start();
