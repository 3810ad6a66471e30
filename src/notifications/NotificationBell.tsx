import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import { Badge, Box, Button, Divider, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Popover, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { answered } from '../data/queryPolicies';
import { formatDate } from '../i18n/format';
import { notificationPreferencesPath } from '../routing/paths/notifications';
import { useSession } from '../session/useSession';
import { notificationsApi, type UserNotification } from './api';
import { EventIcon } from './EventIcon';
import { notificationKeys } from './queryKeys';

/**
 * The top bar's bell (spec section 9, issue 55): my in-app notifications (a task due, overdue or
 * done, a variation waiting for me or decided, a mention, a reply, a request for changes, stages
 * waiting, an agreement to sign and its reminder), each with its event's icon, the unread count on
 * the badge, read every minute. Opening one marks it read and goes where it leads; "Mark all as
 * read" clears the badge; "Notification settings" opens the preferences page.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: async ({ signal }) => answered(await notificationsApi.list(signal)),
    enabled: Boolean(user),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 30_000,
  });
  if (!user) return null;
  const unread = data?.unread ?? 0;
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.mine() });
  const openOne = async (n: UserNotification) => {
    setAnchor(null);
    if (!n.read_at) await notificationsApi.markRead(n.id).catch(() => undefined);
    void refresh();
    if (n.link) navigate(n.link.replace(/^#/, ''));
  };
  return (
    <>
      <IconButton color="inherit" aria-label={t('bell.open', { count: unread })} onClick={(e) => setAnchor(e.currentTarget)} data-testid="notifications-bell">
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: { xs: '92vw', sm: 380 }, maxHeight: 480, display: 'flex', flexDirection: 'column' }} data-testid="notifications-panel">
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ flex: 1 }}>
              {t('bell.title')}
            </Typography>
            <Button size="small" disabled={!unread} onClick={() => void notificationsApi.markAllRead().then(refresh, () => undefined)} data-testid="notifications-read-all">
              {t('bell.readAll')}
            </Button>
          </Box>
          {data?.data.length ? (
            <List dense sx={{ overflowY: 'auto' }}>
              {data.data.map((n) => (
                <ListItemButton key={n.id} onClick={() => void openOne(n)} sx={{ alignItems: 'flex-start', bgcolor: n.read_at ? undefined : 'action.hover' }} data-testid="notification-item">
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                    <EventIcon event={n.event} />
                  </ListItemIcon>
                  <ListItemText
                    primary={<Box component="span" sx={{ fontWeight: n.read_at ? 400 : 700 }}>{n.title}</Box>}
                    secondary={`${n.body} · ${formatDate(n.created_at)}`}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography sx={{ px: 2, pb: 2 }}>{t('bell.none')}</Typography>
          )}
          <Divider />
          <Button component={RouterLink} to={notificationPreferencesPath} onClick={() => setAnchor(null)} startIcon={<SettingsIcon />} sx={{ justifyContent: 'flex-start', px: 2, py: 1 }} data-testid="notifications-settings">
            {t('bell.settings')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
