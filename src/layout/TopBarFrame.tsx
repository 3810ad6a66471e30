import type { ReactNode, Ref } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../routing/HashLink';
import { LocaleSwitcher } from './LocaleSwitcher';

/**
 * The top bar's frame (spec section 2): the product name, a link home, then the bar's controls.
 * Signed in, the bar fits one row at every width (the title gives way; `barRef` and `titleRef` let the
 * bar see when it has to: useRoomInBar); signed out, the links may wrap.
 */
export function TopBarFrame({
  signedIn,
  before,
  children,
  barRef,
  titleRef,
}: {
  signedIn: boolean;
  before?: ReactNode;
  children: ReactNode;
  barRef?: Ref<HTMLDivElement>;
  titleRef?: Ref<HTMLAnchorElement>;
}) {
  const { t } = useTranslation('signIn');
  return (
    <AppBar position="static" color="primary" elevation={1} component="header">
      <Toolbar ref={barRef} sx={{ gap: { xs: 1, sm: 1.5 }, flexWrap: signedIn ? 'nowrap' : 'wrap' }}>
        {before}
        <Typography
          variant="h6"
          component={HashLink}
          to={signedIn ? '/dashboard' : '/login'}
          ref={titleRef}
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600, flexGrow: 1, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          {t('app.name')}
        </Typography>
        {children}
      </Toolbar>
    </AppBar>
  );
}

/** The top bar signed out: the language, Login and Request access (both shells show it). */
export function SignedOutTopBar() {
  const { t } = useTranslation('signIn');
  return (
    <TopBarFrame signedIn={false}>
      <LocaleSwitcher />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button color="inherit" component={HashLink} to="/login">
          {t('topbar.login')}
        </Button>
        <Button color="inherit" variant="outlined" component={HashLink} to="/register">
          {t('topbar.requestAccess')}
        </Button>
      </Box>
    </TopBarFrame>
  );
}
