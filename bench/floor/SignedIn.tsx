// The floor's signed-in screens: the app's frame (top bar with the user, a menu drawer of the
// app's size, a main area) around a heading and the screen's data, rendered plainly.
import { useEffect, useState, type ReactNode } from 'react';
import { AppBar, Box, Drawer, LinearProgress, List, ListItemButton, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, TextField, Toolbar, Typography } from '@mui/material';
import { currentUser, read, resumeSession, type User } from './api';
import { MoveScreen, routeOf } from './Moves';

const DRAWER = 240;
// The app's menu for staff, about its length (src/routing/areas.ts).
const MENU = ['Dashboard', 'Companies', 'All companies', 'Create company', 'Configurator', 'Agreements', 'Products', 'Media', 'All media', 'Add media', 'Showcases', 'Tracker', 'All projects', 'New project', 'Projects', 'Projects dashboard', 'In build', 'Launching', 'Reviews', 'Reports', 'Users', 'All users', 'Profile', 'Tasks'];

function Frame({ user, title, children }: { user: User | null; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 700 }}>
            Launch Portal
          </Typography>
          {user && <Typography component="span">Hello, {user.first_name ?? user.email}</Typography>}
        </Toolbar>
      </AppBar>
      <Drawer variant="permanent" sx={{ width: DRAWER, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box' } }}>
        <Toolbar />
        <List dense component="nav" aria-label="Menu">
          {MENU.map((item) => (
            <ListItemButton key={item} component="a" href={`#/${item.toLowerCase().replace(/ /g, '-')}`}>
              <ListItemText primary={item} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3 }}>
        <Toolbar />
        <Typography variant="h4" component="h1" data-testid="page-title" gutterBottom>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** After signing in: the user's name in the frame and a heading, as the app's first screen shows them. */
export function FirstScreen() {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    void currentUser().then(setUser);
  }, []);
  return (
    <Frame user={user} title="Dashboard">
      {user ? <Typography>Welcome, {user.first_name ?? user.email}</Typography> : <LinearProgress />}
    </Frame>
  );
}

type Row = Record<string, unknown>;
const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
/** Image addresses the answer carries (the media library's thumbnails). */
const isImage = (k: string, v: unknown) => typeof v === 'string' && /thumb/i.test(k) && /^(\/|https?:)/.test(v);

/** The rows of a list answer: the array itself, or the first array in it (`{ media: { results } }`). */
function rowsOf(answer: unknown, depth = 0): Row[] | null {
  if (Array.isArray(answer)) return answer as Row[];
  // A record (it has an id) is shown as a form, whatever lists it holds.
  if (!answer || typeof answer !== 'object' || 'id' in answer || depth > 1) return null;
  for (const value of Object.values(answer)) {
    const rows = rowsOf(value, depth + 1);
    if (rows) return rows;
  }
  return null;
}

/** A signed-in screen of `api`: its rows in a table (five columns, images shown), or a record as a form. */
export function ListScreen({ api }: { api: string }) {
  const [user, setUser] = useState<User | null>(null);
  const [answer, setAnswer] = useState<unknown>(undefined);
  useEffect(() => {
    // The session check, then the user and the screen's data side by side, as the app asks them.
    void resumeSession().then(() => Promise.all([currentUser().then(setUser), read(api).then(setAnswer)]));
  }, [api]);
  const rows = answer === undefined ? null : rowsOf(answer);
  const columns = rows?.length ? Object.keys(rows[0]).filter((k) => scalar(rows[0][k])).slice(0, 5) : [];
  return (
    <Frame user={user} title="Screen">
      {answer === undefined && <LinearProgress />}
      {rows && (
        <Table size="small" data-floor-ready="">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={String(row.id ?? i)} data-testid="config-row">
                {columns.map((c) => (
                  <TableCell key={c}>{String(row[c] ?? '')}</TableCell>
                ))}
                {Object.entries(row)
                  .filter(([k, v]) => isImage(k, v))
                  .slice(0, 1)
                  .map(([k, v]) => (
                    <TableCell key={k}>
                      <img src={v as string} alt="" width={64} height={64} />
                    </TableCell>
                  ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {answer !== undefined && !rows && (
        <Box component="form" data-floor-ready="" sx={{ display: 'grid', gap: 2, maxWidth: 600 }}>
          {Object.entries(answer as Row)
            .filter(([, v]) => scalar(v))
            .map(([k, v]) => (
              <TextField key={k} name={k} label={k} defaultValue={String(v ?? '')} />
            ))}
        </Box>
      )}
    </Frame>
  );
}

/** The user, read once per page load: a plain app keeps it while the screens change. */
let user: Promise<User> | null = null;

/**
 * The moves' screens (Moves.tsx) at the app's addresses: the frame stays, the screen of the address
 * mounts afresh on each hash change (a link, a page button, Back).
 */
export function MovingScreens({ hash }: { hash: string }) {
  const [shown, setShown] = useState<User | null>(null);
  useEffect(() => {
    void (user ??= resumeSession().then(currentUser)).then(setShown);
  }, []);
  return (
    <Frame user={shown} title={routeOf(hash)?.route.title ?? ''}>
      <MoveScreen key={hash} hash={hash} />
    </Frame>
  );
}
