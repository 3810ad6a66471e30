import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useSession } from '../session/useSession';
import { Bridges } from './Bridges';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { OverlayWhileMounted, PageOverlay } from './PageOverlay';
import { SessionModal } from './SessionModal';
import { SkipLink } from './SkipLink';
import { Sidebar } from './Sidebar';
import { isSidebarVisible, type MenuSection } from './menuItems';
import { TopBar } from './TopBar';
import { useTopOfNewScreen } from './useTopOfNewScreen';

/**
 * The page shell (spec sections 1 and 2): top bar, sidebar (signed in, filtered by permission,
 * hidden for showcase-stage companies without create configs), the page, footer, cookie banner,
 * the session-timeout modal and the page overlay. Growls are react-admin's notification slot.
 * `topBarItems` is what the areas show in the signed-in top bar (the tracker's notifications bell),
 * `menu` the sidebar built from the areas' routes: the layout is shared and imports no area, so
 * App.tsx hands them in.
 */
export function AppLayout({ children, menu, topBarItems }: { children?: ReactNode; menu: readonly MenuSection[]; topBarItems?: ReactNode }) {
  const { status, user, company } = useSession();
  useTopOfNewScreen();
  const signedIn = status === 'authenticated' ? user : null;
  const withSidebar = Boolean(signedIn && isSidebarVisible(signedIn, company));
  // Below md the sidebar is a drawer behind the top bar's menu button (see Sidebar).
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  // Stable props: react-admin re-renders its routes (and so this layout) several times while it
  // starts, and the top bar and the sidebar (memo) need not follow unless theirs change.
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const placement = useMemo(() => ({ drawer: narrow, open: narrow && menuOpen, onClose: closeMenu }), [narrow, menuOpen, closeMenu]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Bridges />
      <SkipLink />
      <TopBar onOpenMenu={withSidebar && narrow ? openMenu : undefined} menuOpen={placement.open} items={topBarItems} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {withSidebar && signedIn && <Sidebar menu={menu} user={signedIn} placement={placement} />}
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}>
          <Suspense fallback={<OverlayWhileMounted />}>{children}</Suspense>
        </Box>
      </Box>
      <Footer />
      <CookieBanner />
      <SessionModal />
      <PageOverlay />
    </Box>
  );
}
