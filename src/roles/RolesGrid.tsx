import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import TranslateIcon from '@mui/icons-material/Translate';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { LocalNames } from '../../contract/names';
import { ADMINISTRATOR_ROLE } from '../../contract/roles';
import { ScrollableTableBox } from '../../engine/react/fields/ScrollableTableBox';
import { hasPermission, hasRole } from '../auth/permissions';
import type { PortalDataProvider, RoleRecord } from '../data/dataProvider';
import { LocalNamesInput, namesTooLong } from '../forms/LocalNamesInput';
import { useDataWords } from '../i18n/dataWords';
import { localiseServerText } from '../i18n/serverText';
import { PageHeading } from '../layout/PageHeading';
import { session } from '../session/session';
import { useSession } from '../session/useSession';
import { changedRoles, initialGrid, toggle } from './grid';
import { roleKeys } from './queryKeys';

const QUERY_KEY = roleKeys.grid();

/** A refusal's errors on `names` and `names.<locale>`, by field, in the reader's words (shown beside those fields). */
const namesErrorsOf = (e: unknown, t: (key: string, params?: Record<string, string>) => string): Record<string, string> => {
  const list = (e as { body?: { errors?: Array<{ field?: string; detail?: string }> } }).body?.errors ?? [];
  const named = list.filter((x) => x.detail && (x.field === 'names' || x.field?.startsWith('names.')));
  return Object.fromEntries(named.map((x) => [x.field!, localiseServerText(x.detail!, t)]));
};

/** The create-role dialog: a name, its words per locale and, optionally, a role whose permissions to copy ('Role Created'). */
function CreateRoleDialog({ roles, onClose, onCreated }: { roles: RoleRecord[]; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [names, setNames] = useState<LocalNames>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const words = useDataWords();
  const [copyFrom, setCopyFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('errors:companies.name_required'));
      return;
    }
    if (namesTooLong(names)) return;
    setBusy(true);
    try {
      await dataProvider.createRole({ name: name.trim(), copyFrom: copyFrom || undefined, names });
      notify(t('errors:roles.created'), { type: 'success' });
      onCreated();
    } catch (e) {
      const fields = namesErrorsOf(e, t);
      setFieldErrors(fields);
      setError(Object.keys(fields).length ? null : (e as Error).message || t('errors:unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="create-role-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-role-title">{t('rolesAdmin.createTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('rolesAdmin.name')}
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            required
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <LocalNamesInput value={names} onChange={setNames} errors={fieldErrors} disabled={busy} testId="role-names" />
          <TextField
            select
            label={t('rolesAdmin.copyFrom')}
            name="copy_from"
            value={copyFrom}
            onChange={(e) => setCopyFrom(e.target.value)}
            fullWidth
            margin="dense"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('rolesAdmin.copyNone')}</MenuItem>
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.name}>
                {words.role(r)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('rolesAdmin.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('rolesAdmin.createSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A role's name in other languages (issue 54): its words per locale, saved at once with the role's
 * permissions as the server holds them (PUT /roles/{name} takes both; the grid's unsaved ticks stay
 * unsaved and ticked).
 */
function RoleNamesDialog({ role, onClose, onSaved }: { role: RoleRecord; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const words = useDataWords();
  const [names, setNames] = useState<LocalNames>(role.names ?? {});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || namesTooLong(names)) return;
    setBusy(true);
    try {
      await dataProvider.updateRolePermissions({ name: role.name, names });
      notify(t('errors:roles.updated'), { type: 'success' });
      onSaved();
    } catch (e) {
      const fields = namesErrorsOf(e, t);
      setFieldErrors(fields);
      setProblem(Object.keys(fields).length ? null : (e as Error).message || t('errors:unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="role-names-title" data-testid="role-names-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="role-names-title">{t('rolesAdmin.namesTitle', { role: words.role(role) })}</DialogTitle>
        <DialogContent>
          {problem ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          ) : null}
          <LocalNamesInput value={names} onChange={setNames} errors={fieldErrors} disabled={busy} defaultOpen testId="role-names" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('rolesAdmin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="role-names-save">
            {t('rolesAdmin.namesSave')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * `/roles-permissions/roles`: permissions down, roles across, a box per pair. Administrators tick
 * and untick, then save: one PUT per changed role, each with all of that role's permissions. The
 * server refuses a change that would take the right to manage roles from you or from the last
 * administrator; others see the grid read only. Administrators give a role its name in other
 * languages from the button beside its name (RoleNamesDialog).
 */
export default function RolesGrid() {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const canEdit = hasRole(user, ADMINISTRATOR_ROLE) && hasPermission(user, 'view permissions');
  const { data, isPending, error } = useQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.getRolesAndPermissions().then((r) => r.data) });
  const roles = useMemo(() => data?.roles ?? [], [data]);
  const permissions = data?.permissions ?? [];
  const [grid, setGrid] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [naming, setNaming] = useState<RoleRecord | null>(null);
  // Back to the server's permissions when they change (a role's names saved alone keep the ticks not yet saved).
  const held = JSON.stringify(initialGrid(roles));
  useEffect(() => setGrid(JSON.parse(held) as Record<string, string[]>), [held]);
  const changes = changedRoles(grid, roles);
  // Role names in the reader's language (the seeded ones; a role staff named shows as named).
  const words = useDataWords();

  const label = (name: string) => {
    const key = `rolesAdmin.permissions.${name.replace(/ /g, '_')}`;
    return i18n.exists(key) ? t(key) : name;
  };

  const save = async () => {
    setSaving(true);
    try {
      for (const change of changes) {
        await dataProvider.updateRolePermissions(change);
        notify(t('errors:roles.updated'), { type: 'success' });
      }
    } catch (e) {
      notify((e as Error).message || t('errors:unknown_error'), { type: 'error' });
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      // Back to what the server holds: a refused change is undone in the grid too (the refetched
      // roles may be the very same object, so the effect above would not run).
      const fresh = queryClient.getQueryData<{ roles: RoleRecord[] }>(QUERY_KEY);
      if (fresh) setGrid(initialGrid(fresh.roles));
      // The admin's own menu follows their roles' permissions at once.
      await session.loadCurrent().catch(() => undefined);
    }
  };

  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <>
      <PageHeading />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('rolesAdmin.intro')}
      </Typography>
      {!canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('rolesAdmin.readOnly')}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={!changes.length || saving} data-testid="roles-save">
            {t('rolesAdmin.save')}
          </Button>
          <Button startIcon={<UndoIcon />} onClick={() => setGrid(initialGrid(roles))} disabled={!changes.length || saving}>
            {t('rolesAdmin.undo')}
          </Button>
          <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={saving}>
            {t('rolesAdmin.create')}
          </Button>
          {changes.length ? (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('rolesAdmin.changed', { count: changes.length })}
            </Typography>
          ) : null}
        </Stack>
      )}
      {isPending ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('rolesAdmin.permission')} />
        </Box>
      ) : (
        // The whole grid on the page (no box of its own cutting it at some height), its header sticking
        // to the window; on a phone it scrolls sideways and says so, the permission column staying put.
        <ScrollableTableBox hint={t('tables.scrollHint')} stickyHeader sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }} data-testid="roles-grid-box">
          <Table stickyHeader size="small" aria-label={t('routes.rolesPermissions')} data-testid="roles-grid">
            <TableHead>
              <TableRow>
                <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper', minWidth: { xs: 150, sm: 240 } }}>{t('rolesAdmin.permission')}</TableCell>
                {roles.map((role) => (
                  <TableCell key={role.id} align="center" sx={{ minWidth: 110, verticalAlign: 'bottom' }}>
                    <Typography variant="subtitle2" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
                      {words.role(role)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('rolesAdmin.users', { count: role.users_count })}
                    </Typography>
                    {canEdit ? (
                      <Tooltip title={t('rolesAdmin.namesOf', { role: words.role(role) })}>
                        <IconButton size="small" aria-label={t('rolesAdmin.namesOf', { role: words.role(role) })} onClick={() => setNaming(role)} disabled={saving} data-testid="role-names-open">
                          <TranslateIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {permissions.map((permission) => (
                <TableRow key={permission.id} hover>
                  <TableCell component="th" scope="row" sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' }}>
                    {label(permission.name)}
                  </TableCell>
                  {roles.map((role) => {
                    const checked = (grid[role.name] ?? []).includes(permission.name);
                    return (
                      <TableCell key={role.id} align="center" padding="checkbox">
                        <Checkbox
                          checked={checked}
                          disabled={!canEdit || saving}
                          onChange={() => setGrid((g) => toggle(g, role.name, permission.name))}
                          slotProps={{ input: { 'aria-label': t('rolesAdmin.grant', { permission: label(permission.name), role: words.role(role) }) } }}
                          data-role={role.name}
                          data-permission={permission.name}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableBox>
      )}
      {naming ? (
        <RoleNamesDialog
          role={naming}
          onClose={() => setNaming(null)}
          onSaved={() => {
            setNaming(null);
            void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
          }}
        />
      ) : null}
      {creating ? (
        <CreateRoleDialog
          roles={roles}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
          }}
        />
      ) : null}
    </>
  );
}
