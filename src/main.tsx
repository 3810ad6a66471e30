import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { createNonceCache, readCspNonce } from './csp/nonce';
import { createI18nProvider } from './i18n/i18n';
import { SIGNED_IN_NAMESPACES } from './i18n/locales';
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
  // A failed load is tried again by Root, under the overlay.
  const appReady = shell === 'app' ? loadApp().then((app) => app.prepareFirstPage(hash, sessionChecked, signedIn), () => {}) : null;
  const i18nLoaded = createI18nProvider(signedIn ? SIGNED_IN_NAMESPACES : []);
  const [i18nProvider] = await Promise.all([i18nLoaded, appReady]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <Root start={shell} i18nProvider={i18nProvider} />
      </CacheProvider>
    </StrictMode>,
  );
}

void start();
