import { memo, useCallback, useMemo, useRef, type MouseEvent } from 'react';
import { Box, Drawer, List, ListItem, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionUser } from '../auth/types';
import { isPlainClick } from '../routing/HashLink';
import { activeMenuKey, filterMenu, type MenuItem, type MenuSection } from './menuItems';

/** The item is the active one or holds it. */
const holds = (item: MenuItem, key: string): boolean => item.key === key || !!item.children?.some((c) => holds(c, key));

/**
 * One menu entry as a list item (a list may only hold <li>s): a link, or a group heading with its
 * entries in a nested list. Memoised, and given `active` only when it is or holds the active entry,
 * so a move re-renders the entries whose highlight changes, not all forty (issue 59). Its link is a
 * plain `<a href="#/...">` whose click the router follows (`go`), not react-router's `Link`, which
 * reads the location and so re-rendered every entry on every move.
 */
const Item = memo(function Item({ item, active, depth, onNavigate, go }: { item: MenuItem; active: string | null; depth: number; onNavigate?: () => void; go: (to: string) => void }) {
  const { t } = useTranslation();
  const to = item.to;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier, the middle button) is the browser's, as with any link.
    if (!to || !isPlainClick(event)) return;
    event.preventDefault();
    go(to);
    onNavigate?.();
  };
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {to ? (
        <ListItemButton
          component="a"
          href={`#${to}`}
          selected={item.key === active}
          aria-current={item.key === active ? 'page' : undefined}
          onClick={onClick}
          sx={{ pl: 2 + depth * 2, py: 0.5 }}
          data-testid={`menu-${item.key}`}
        >
          <ListItemText primary={t(item.label)} />
        </ListItemButton>
      ) : (
        <ListItemText
          primary={t(item.label)}
          sx={{ pl: 2 + depth * 2, pt: 1, m: 0 }}
          slotProps={{ primary: { sx: { fontWeight: 600, fontSize: '0.9rem' } } }}
          data-testid={`menu-${item.key}`}
        />
      )}
      {item.children && (
        <List dense disablePadding>
          {item.children.map((child) => (
            <Item key={child.key} item={child} active={active && holds(child, active) ? active : null} depth={depth + 1} onNavigate={onNavigate} go={go} />
          ))}
        </List>
      )}
    </ListItem>
  );
});

/** Where the sidebar is: a column beside the page on wide screens, a drawer over it on narrow ones. */
export interface SidebarPlacement {
  /** Narrow screens: shown as a drawer, open or closed. */
  drawer: boolean;
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar menu, filtered by the user's permissions and roles (menuItems.ts). On a phone a 240 px
 * column would leave the page a sliver, so there it is a drawer the top bar's menu button opens, and
 * following a link closes it.
 */
function SidebarView({ menu, user, placement }: { menu: readonly MenuSection[]; user: SessionUser; placement: SidebarPlacement }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = useMemo(() => filterMenu(menu, user), [menu, user]);
  const active = activeMenuKey(sections, pathname);
  const onNavigate = placement.drawer ? placement.onClose : undefined;
  // One function for the whole menu's life: the router's navigate changes with each move.
  const navigate = useNavigate();
  const navigateNow = useRef(navigate);
  navigateNow.current = navigate;
  const go = useCallback((to: string) => void navigateNow.current(to), []);

  const nav = (
    <Box
      component="nav"
      id="main-menu"
      aria-label={t('menu.label')}
      data-testid="sidebar"
      sx={{ width: 240, flexShrink: 0, borderRight: placement.drawer ? 0 : 1, borderColor: 'divider', bgcolor: 'background.paper', py: 1 }}
    >
      {sections.map((section) => (
        <List
          key={section.key}
          dense
          data-testid={`menu-section-${section.key}`}
          subheader={section.label ? <ListSubheader disableSticky>{t(section.label)}</ListSubheader> : undefined}
        >
          {section.items.map((item) => (
            <Item key={item.key} item={item} active={active && holds(item, active) ? active : null} depth={0} onNavigate={onNavigate} go={go} />
          ))}
        </List>
      ))}
    </Box>
  );
  if (!placement.drawer) return nav;
  return (
    <Drawer variant="temporary" open={placement.open} onClose={placement.onClose} data-testid="sidebar-drawer">
      {nav}
    </Drawer>
  );
}

// Memo: the layout re-renders with react-admin's routes while the app starts; this follows its own props and state only.
export const Sidebar = memo(SidebarView);
