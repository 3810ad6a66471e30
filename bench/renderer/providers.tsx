// What every page of bench/renderer/ renders inside: the app's CSP setup (Emotion cache with this
// page's nonce, as src/main.tsx does), the renderer's i18n and an MUI theme.
import { StrictMode, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { createRendererI18n } from '../../engine/react';
import { createNonceCache, readCspNonce } from '../../src/csp/nonce';

/** The renderer's i18next instance for these pages (en-GB). */
export const pageI18n = createRendererI18n('en-GB');

// The pages are served under the app's strict CSP (style-src 'nonce-N'): MUI's styles need the nonce.
const emotionCache = createNonceCache(readCspNonce());
const theme = createTheme();

/** The providers around a bench page. */
export function PageProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <I18nextProvider i18n={pageI18n}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            {children}
          </ThemeProvider>
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>
  );
}
