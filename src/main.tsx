import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { createNonceCache, readCspNonce } from './csp/nonce';
import { createI18nProvider } from './i18n/i18n';
import { SIGNED_IN_NAMESPACES } from './i18n/locales';
import { pageNamespacesAt, prefetchPageDataAt, preloadPageAt } from './routing/routeElements';
import { session } from './session/session';

// MUI's styles go through Emotion: give it this page's CSP nonce so `style-src 'nonce-N'` allows them.
const emotionCache = createNonceCache(readCspNonce());

/** How long the first render waits for the page's code (see start). */
const PAGE_WAIT_MS = 800;

async function start(): Promise<void> {
  // The session check runs while the translations load; the route guard waits for it under the overlay.
  const sessionChecked = session.start();
  // A session kept in this tab is known at once: the signed-in shell's texts load with the app's.
  const signedIn = session.getState().status === 'authenticated';
  const hash = window.location.hash;
  // The page of the address the app opens on: its first data first (the server's longest answers),
  // then the texts (nothing renders without them), then its code, all before the shell renders.
  prefetchPageDataAt(hash, sessionChecked);
  const i18nLoaded = createI18nProvider([...pageNamespacesAt(hash), ...(signedIn ? SIGNED_IN_NAMESPACES : [])]);
  const pageCode = preloadPageAt(hash);
  // Signed in, the first render waits a moment for the page's code, so shell and page render in one
  // pass (lazyPage renders loaded code at once) instead of the shell, a fallback, then the page; on
  // a slow link the shell does not wait longer than that moment. Signed out, most addresses lead
  // to Login (in the main bundle): no wait.
  const pageWait = signedIn ? Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]) : null;
  const [i18nProvider] = await Promise.all([i18nLoaded, pageWait]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <App i18nProvider={i18nProvider} />
      </CacheProvider>
    </StrictMode>,
  );
}

void start();
