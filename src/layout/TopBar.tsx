import { memo, Suspense, type ReactNode } from 'react';
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

/**
 * Top bar (spec section 2): signed out, Login and Request access; signed in, greeting, avatar, My Profile,
 * Logout. On a narrow screen with a sidebar, `onOpenMenu` adds the button that opens it as a drawer.
 */
function TopBarView({ onOpenMenu, menuOpen = false, items }: { onOpenMenu?: () => void; menuOpen?: boolean; items?: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  // Below md (phones, tablets) the account links fold into the avatar's menu: the bar stays one row.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  // On a phone the product name, the company switcher, the bell and the avatar fill the row: the
  // language choice moves into the avatar's menu (it cut the name to "Laun..." and itself to "English (U").
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (status !== 'authenticated' || !user) return <SignedOutTopBar />;

  const menuButton = onOpenMenu && (
    <IconButton color="inherit" edge="start" onClick={onOpenMenu} aria-label={t('menu.open')} aria-controls="main-menu" aria-expanded={menuOpen} data-testid="menu-button">
      <MenuIcon />
    </IconButton>
  );
  return (
    <TopBarFrame signedIn before={menuButton}>
      {/* Their texts (dashboard, tracker) may still be loading just after a sign-in: each waits on
          its own (i18n.ts: useSuspense), the rest of the bar shows at once. */}
      <Suspense fallback={null}>
        <CompanySwitcher />
      </Suspense>
      {phone ? null : <LocaleSwitcher />}
      <Suspense fallback={null}>{items}</Suspense>
      {narrow ? (
        <UserMenu user={user} languages={phone} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="topbar-user">
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
      )}
    </TopBarFrame>
  );
}

// Memo: the layout re-renders with react-admin's routes while the app starts; this follows its own props and state only.
export const TopBar = memo(TopBarView);
