// The floor of the `wire` and `first-screens` benches (issue 32): the app's screens as plain
// React 19 + MUI 7, with no react-admin, router, i18n library or react-query. `#/login` is the
// Login page (signing in goes to a plain first screen, as the app lands); any other address is a
// signed-in screen that reads `?api=` and shows its rows (SignedIn.tsx). Texts are the en-GB ones
// of locales/en-GB/common.json (login.*, topbar.*, footer.*), written in.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { AppBar, Box, Button, Card, CardContent, Checkbox, CssBaseline, FormControlLabel, Link, TextField, Toolbar, Typography } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { signIn } from './api';
import { routeOf } from './Moves';
import { FirstScreen, ListScreen, MovingScreens } from './SignedIn';

// Served by the portal's own server, under its strict CSP (style-src 'nonce-N'): Emotion needs the
// nonce the server wrote on <meta property="csp-nonce">, as src/csp/nonce.ts and src/main.tsx do.
// Browsers hide the applied attribute's value from getAttribute: read the property first.
const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
const nonce = meta ? meta.nonce || meta.getAttribute('nonce') || undefined : undefined;
const emotionCache = createCache({ key: 'css', nonce, prepend: true });

// The portal's palette and type (src/theme.ts); of react-admin's theme only its filled text fields.
const theme = createTheme({
  palette: { primary: { main: '#12355b' }, secondary: { main: '#d7263d' }, background: { default: '#f5f6f8' } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: { MuiTextField: { defaultProps: { variant: 'filled' } } },
});

/**
 * What the app's session.start() asks the server before the first screen when nobody is signed in
 * in this tab: `POST /api/login/refresh` only when the remember-me cookie says a session may be
 * renewed. A first visit has no such cookie, so the app (and this floor) then ask nothing.
 */
async function checkSession(): Promise<void> {
  if (!document.cookie.split('; ').includes('portal_remember=1')) return;
  try {
    await fetch('/api/login/refresh', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    // Signed out either way: the form shows.
  }
}

function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void signIn(email, password, remember).then((ok) => ok && onSignedIn());
      }}
      data-testid="login-form"
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField label="Email address" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth autoFocus />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required fullWidth />
      <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} name="remember" />} label="Remember me" />
      <Button type="submit" variant="contained" size="large">
        Login
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link href="#/password/email/reset">Forgot your password?</Link>
        <Link href="#/register">Request access</Link>
      </Box>
    </Box>
  );
}

function LoginScreen({ onSignedIn }: { onSignedIn: () => void }) {
  // The app shows the form once the session check has answered (its route guard waits for it).
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void checkSession().then(() => setChecked(true));
  }, []);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="static" color="primary" elevation={1} component="header">
        <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 700 }}>
            Launch Portal
          </Typography>
          <Button color="inherit" href="#/login">
            Login
          </Button>
          <Button color="inherit" variant="outlined" href="#/register">
            Request access
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
        {checked && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 420px' }, gap: 4, alignItems: 'center', maxWidth: 1000, mx: 'auto', py: { xs: 2, md: 6 } }}>
            <Box>
              <Typography variant="h4" component="h1" gutterBottom>
                Welcome to the Launch Portal
              </Typography>
              <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
                The launch portal is where dealers configure their website, software and services with us, from the first details to go-live.
              </Typography>
              <Typography variant="body1" color="text.secondary">
                New to the portal? Request access and we will set up your company.
              </Typography>
            </Box>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h5" component="h2" gutterBottom>
                  Log in
                </Typography>
                <LoginForm onSignedIn={onSignedIn} />
              </CardContent>
            </Card>
          </Box>
        )}
      </Box>
      <Box component="footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 3, mb: 1, flexWrap: 'wrap' }}>
          <Link href="#/terms-conditions">Terms &amp; Conditions</Link>
          <Link href="#/privacy-policy">Privacy Policy</Link>
          <Link href="#/cookie-policy">Cookie Policy</Link>
        </Box>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Launch Portal Ltd · Registered in England and Wales, company no. 01234567 · 1 Harbour Road, Leeds LS1 1AA
        </Typography>
      </Box>
    </Box>
  );
}

/** The screen of the address: Login, the first screen after signing in, a screen of the moves, or a list (`?api=`). */
function Screen() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  if (hash === '' || hash.startsWith('#/login')) return <LoginScreen onSignedIn={() => (location.hash = '#/dashboard')} />;
  if (hash.startsWith('#/dashboard')) return <FirstScreen />;
  // In-page moves at the app's addresses (Moves.tsx), unless the address names its read (`?api=`).
  if (!location.search.includes('api=') && routeOf(hash)) return <MovingScreens hash={hash} />;
  return <ListScreen api={new URLSearchParams(location.search).get('api') ?? '/api/users/current'} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Screen />
      </ThemeProvider>
    </CacheProvider>
  </StrictMode>,
);
