import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, IconButton, List, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { answered } from '../../data/queryPolicies';
import { formatDate } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { getNotifications, readAllNotifications, readNotification } from '../api';
import { trackerKeys } from '../queryKeys';
import type { TrackerNotification } from '../types';

/**
 * The top bar's bell (spec section 9): my in-app notifications (a task due, overdue or done, a
 * variation waiting for me or decided), the unread count on the badge, read every minute. Opening
 * one marks it read and goes where it leads; "Mark all as read" clears the badge.
 */
export function NotificationBell() {
  const { t } = useTranslation('tracker');
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: trackerKeys.notifications(),
    queryFn: async ({ signal }) => answered(await getNotifications(signal)),
    enabled: Boolean(user),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 30_000,
  });
  if (!user) return null;
  const unread = data?.unread ?? 0;
  const refresh = () => client.invalidateQueries({ queryKey: trackerKeys.notifications() });
  const openOne = async (n: TrackerNotification) => {
    setAnchor(null);
    if (!n.read_at) await readNotification(n.id).catch(() => undefined);
    void refresh();
    if (n.link) navigate(n.link.replace(/^#/, ''));
  };
  return (
    <>
      <IconButton color="inherit" aria-label={t('notifications.open', { count: unread })} onClick={(e) => setAnchor(e.currentTarget)} data-testid="notifications-bell">
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: { xs: '92vw', sm: 380 }, maxHeight: 480, display: 'flex', flexDirection: 'column' }} data-testid="notifications-panel">
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ flex: 1 }}>
              {t('notifications.title')}
            </Typography>
            <Button size="small" disabled={!unread} onClick={() => void readAllNotifications().then(refresh, () => undefined)} data-testid="notifications-read-all">
              {t('notifications.readAll')}
            </Button>
          </Box>
          {data?.data.length ? (
            <List dense sx={{ overflowY: 'auto' }}>
              {data.data.map((n) => (
                <ListItemButton key={n.id} onClick={() => void openOne(n)} sx={{ alignItems: 'flex-start', bgcolor: n.read_at ? undefined : 'action.hover' }}>
                  <ListItemText
                    primary={<Box component="span" sx={{ fontWeight: n.read_at ? 400 : 700 }}>{n.title}</Box>}
                    secondary={`${n.body} · ${formatDate(n.created_at)}`}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography sx={{ px: 2, pb: 2 }}>{t('notifications.none')}</Typography>
          )}
        </Box>
      </Popover>
    </>
  );
}
