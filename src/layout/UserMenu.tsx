import { useState } from 'react';
import { Avatar, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../auth/types';
import { LOCALES, LOCALE_NAMES, toLocale } from '../i18n/locales';
import { displayName, initial } from './displayName';
import { useChooseLocale } from '../i18n/localeChoice';
import { notificationPreferencesPath } from '../routing/paths/notifications';

/**
 * The signed-in user's corner where the top bar has no room for the account links (below lg, or a
 * full bar: TopBar): the avatar opens a menu with the greeting, My Profile, Notification settings and
 * Logout, so the top bar keeps to one row. With `languages` (a phone, where the top bar has no room
 * for the language select) the menu lists the languages too, each named in its own language, the
 * current one checked.
 */
export function UserMenu({ user, languages = false }: { user: SessionUser; languages?: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = useChooseLocale();
  const current = toLocale(i18n.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = displayName(user);
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'user-menu' : undefined}
        data-testid="user-menu-button"
      >
        <Avatar src={user.avatar || undefined} alt="" sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }} data-testid="topbar-avatar">
          {initial(user)}
        </Avatar>
      </IconButton>
      <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close} data-testid="user-menu">
        <MenuItem disabled divider>
          <ListItemText primary={t('topbar.greeting', { name })} />
        </MenuItem>
        <MenuItem component={RouterLink} to={`/users/profile/${user.id}`} onClick={close}>
          {t('topbar.myProfile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={notificationPreferencesPath} onClick={close} data-testid="user-menu-notification-settings">
          {t('topbar.notificationSettings')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/logout" onClick={close} divider={languages}>
          {t('topbar.logout')}
        </MenuItem>
        {languages ? <ListSubheader sx={{ lineHeight: '36px' }}>{t('topbar.language')}</ListSubheader> : null}
        {languages
          ? LOCALES.map((locale) => (
              <MenuItem
                key={locale}
                role="menuitemradio"
                aria-checked={locale === current}
                lang={locale}
                data-testid={`user-menu-locale-${locale}`}
                onClick={() => {
                  close();
                  if (locale !== current) void choose(locale);
                }}
              >
                <ListItemIcon>{locale === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
                <ListItemText primary={LOCALE_NAMES[locale]} />
              </MenuItem>
            ))
          : null}
      </Menu>
    </>
  );
}
