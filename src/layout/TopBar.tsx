import { memo, Suspense, useRef, type ReactNode } from 'react';
import { Avatar, Box, Button, IconButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { displayName, initial } from './displayName';
import { LocaleSwitcher } from './LocaleSwitcher';
import { UserMenu } from './UserMenu';
import { CompanySwitcher } from './CompanySwitcher';
import { SignedOutTopBar, TopBarFrame } from './TopBarFrame';
import { useRoomInBar } from './useRoomInBar';

/**
 * Top bar (spec section 2): signed out, Login and Request access; signed in, greeting, avatar, My Profile,
 * Logout. On a narrow screen with a sidebar, `onOpenMenu` adds the button that opens it as a drawer.
 */
function TopBarView({ onOpenMenu, menuOpen = false, items }: { onOpenMenu?: () => void; menuOpen?: boolean; items?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { status, user } = useSession();
  // Below lg (laptops, tablets, phones) the account links fold into the avatar's menu: beside the
  // company search, the language, the search box and the bell they squeezed the bar into two lines.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  // On a phone the product name, the company switcher, the bell and the avatar fill the row: the
  // language choice moves into the avatar's menu (it cut the name to "Laun..." and itself to "English (U").
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const bar = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLAnchorElement>(null);
  // From lg up they show while they fit (not always: a staff member's bar in French, a long name).
  const links = useRoomInBar(bar, title, !compact, `${status} ${i18n.language} ${user ? displayName(user) : ''}`);
  if (status !== 'authenticated' || !user) return <SignedOutTopBar />;

  const menuButton = onOpenMenu && (
    <IconButton color="inherit" edge="start" onClick={onOpenMenu} aria-label={t('menu.open')} aria-controls="main-menu" aria-expanded={menuOpen} data-testid="menu-button">
      <MenuIcon />
    </IconButton>
  );
  return (
    <TopBarFrame signedIn before={menuButton} barRef={bar} titleRef={title}>
      {/* Their texts (dashboard, notifications) may still be loading just after a sign-in
          (i18n.ts: useSuspense): they wait together and show together, the rest of the bar at once.
          Each on its own, the switcher showed first and moved 96 px when the search and the bell
          came, under a pointer on its way to it (a click meant for it opened nothing). */}
      <Suspense fallback={null}>
        <CompanySwitcher />
        {phone ? null : <LocaleSwitcher />}
        {items}
      </Suspense>
      {links ? (
        // On one line each: the product name gives way, and once it would be cut, these fold away.
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="topbar-user">
          <Typography component="span" data-testid="topbar-greeting">
            {t('topbar.greeting', { name: displayName(user) })}
          </Typography>
          {/* Named for screen readers and on hover: with no picture it is only an initial. */}
          <Avatar
            src={user.avatar || undefined}
            alt={displayName(user)}
            title={displayName(user)}
            role="img"
            aria-label={displayName(user)}
            sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}
            data-testid="topbar-avatar"
          >
            {initial(user)}
          </Avatar>
          <Button color="inherit" component={RouterLink} to={`/users/profile/${user.id}`}>
            {t('topbar.myProfile')}
          </Button>
          <Button color="inherit" component={RouterLink} to="/logout">
            {t('topbar.logout')}
          </Button>
        </Box>
      ) : (
        <UserMenu user={user} languages={phone} />
      )}
    </TopBarFrame>
  );
}

// Memo: the layout re-renders with react-admin's routes while the app starts; this follows its own props and state only.
export const TopBar = memo(TopBarView);
