import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { setNotifier } from '../session/notifier';
import { whenIdle } from '../routing/idle';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { OverlayWhileMounted, PageOverlay } from './PageOverlay';
import { SkipLink } from './SkipLink';
import { SignedOutTopBar } from './TopBarFrame';
import type { Shown } from './PublicGrowl';

const growlCode = () => import('./PublicGrowl');
const PublicGrowl = lazy(growlCode);

/**
 * The signed-out shells' page frame (shell/LoginShell.tsx, shell/PublicApp.tsx): the signed-out top
 * bar, the page, footer, cookie banner, page overlay and growls, as AppLayout shows them to a
 * visitor, without react-admin, and without a router: the sign-in page shows it with none (issue 59;
 * its links are routing/HashLink.tsx), and PublicApp adds the router's part (RouterBridge).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
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
 * Hands a growl to the framework-free session and HTTP layers (the signed-in app's Bridges does the
 * same through react-admin). The growl's code is asked for when the browser is first idle, so the
 * first growl (a refused sign-in) does not wait for it.
 */
function PublicBridges() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    whenIdle(() => void growlCode().catch(() => {}));
    setNotifier((message, type) => {
      setAsked(true);
      setShown({ message, type, key: Date.now() });
    });
    return () => setNotifier(null);
  }, []);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <PublicGrowl shown={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
