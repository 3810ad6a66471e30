import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { createNonceCache, readCspNonce } from './csp/nonce';
import { createI18nProvider } from './i18n/i18n';
import { preloadPageAt } from './routing/routeElements';
import { session } from './session/session';

// MUI's styles go through Emotion: give it this page's CSP nonce so `style-src 'nonce-N'` allows them.
const emotionCache = createNonceCache(readCspNonce());

async function start(): Promise<void> {
  // The session check runs while the translations load; the route guard waits for it under the overlay.
  void session.start();
  // The page of the address the app opens on loads alongside, not after the shell has rendered.
  preloadPageAt(window.location.hash);
  const i18nProvider = await createI18nProvider();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <App i18nProvider={i18nProvider} />
      </CacheProvider>
    </StrictMode>,
  );
}

void start();
