import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Snackbar } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { session } from '../session/session';
import { setNotifier, type NotifyType } from '../session/notifier';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { OverlayWhileMounted, PageOverlay } from './PageOverlay';
import { SkipLink } from './SkipLink';
import { SignedOutTopBar } from './TopBarFrame';
import { useTopOfNewScreen } from './useTopOfNewScreen';

/**
 * The signed-out shell's page frame (shell/PublicApp.tsx): the signed-out top bar, the page, footer,
 * cookie banner, page overlay and growls, as AppLayout shows them to a visitor, without react-admin.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  useTopOfNewScreen();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <PublicBridges />
      <SkipLink />
      <SignedOutTopBar />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}>
        <Suspense fallback={<OverlayWhileMounted />}>{children}</Suspense>
      </Box>
      <Footer />
      <CookieBanner />
      <PageOverlay />
    </Box>
  );
}

/**
 * Hands react-router's navigate and a growl to the framework-free session and HTTP layers (the
 * signed-in app's Bridges does the same through react-admin): 2 seconds, errors red, top right
 * below the top bar, as layout/Growl.tsx shows them.
 */
function PublicBridges() {
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ message: string; type: NotifyType; key: number } | null>(null);
  useEffect(() => {
    session.navigate = (path) => navigate(path);
  }, [navigate]);
  useEffect(() => {
    setNotifier((message, type) => setShown({ message, type, key: Date.now() }));
    return () => setNotifier(null);
  }, []);
  return (
    <Snackbar
      key={shown?.key}
      open={Boolean(shown)}
      autoHideDuration={2000}
      onClose={() => setShown(null)}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ top: { xs: 72, sm: 80 } }}
      data-testid="growl"
    >
      <Alert variant="filled" severity={shown?.type ?? 'info'} data-testid="growl-message" sx={{ minWidth: 288, boxShadow: 6 }}>
        {shown?.message}
      </Alert>
    </Snackbar>
  );
}
