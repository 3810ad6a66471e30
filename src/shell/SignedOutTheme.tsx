import { useMemo, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { themeFor } from '../theme';

/** The signed-out shells' MUI theme, in the reader's language, and the baseline styles (LoginShell, PublicApp). */
export function SignedOutTheme({ children }: { children: ReactNode }) {
  // The sign-in page's namespace: this frame must not wait for `common` (i18n/locales.ts SIGN_IN_NAMESPACES).
  const { i18n } = useTranslation('signIn');
  const options = themeFor(i18n.language);
  const theme = useMemo(() => createTheme(options), [options]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
