import { useState } from 'react';
import { Avatar, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../auth/types';
import { displayName, initial } from './displayName';

/**
 * The signed-in user's corner below md (phones, tablets): the avatar opens a menu with the greeting,
 * My Profile and Logout, so the top bar keeps to one row.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
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
        <MenuItem component={RouterLink} to="/logout" onClick={close}>
          {t('topbar.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
