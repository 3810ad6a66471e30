import { useEffect, useState } from 'react';
import { Alert, Box, Button, InputAdornment, MenuItem, Stack, TablePagination, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RedirectWhileHere } from '../routing/RedirectWhileHere';
import { PageHeading } from '../layout/PageHeading';
import { session } from '../session/session';
import { growl } from '../session/notifier';
import { useSession } from '../session/useSession';
import type { ConfigPageQuery, ConfigRow } from '../data/configs';
import { useConfigWrites } from './useConfigWrites';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useConfigAbilities } from './dashboard/permissions';
import { ConfigRowCard } from './list/ConfigRowCard';
import { CreateConfigDialog } from './list/CreateConfigDialog';
import { useConfigPage } from './list/useConfigPage';
import { LoadingBar } from '../layout/LoadingBar';

const dashboardPath = (config: { id: number }) => `/configurator/${config.id}/dashboard`;

/** The sort choices offered, as `field:direction`. */
const SORTS: Array<ConfigPageQuery['sort']> = [
  ['name', 'ASC'],
  ['updated_at', 'DESC'],
  ['progress', 'DESC'],
  ['progress', 'ASC'],
  ['company_name', 'ASC'],
];
const sortKey = (s: ConfigPageQuery['sort']) => s.join(':');
const PAGE_SIZES = [10, 25, 50];

/**
 * `/configurator`: configs the user may see, active or archived, with search, sort and pages;
 * create, archive and delete for those allowed. A user whose only config this is goes straight to it.
 */
export default function ConfigListPage() {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  const can = useConfigAbilities();
  const writes = useConfigWrites();
  const { company } = useSession();
  // Staff working on one company (the active-company cookie) see that company's configs.
  const activeCompanyId = session.activeCompanyId() && company?.id === session.activeCompanyId() ? company.id : null;
  const [status, setStatus] = useState<'active' | 'archived'>('active');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<ConfigPageQuery['sort']>(SORTS[0]);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const { rows, total, failed, reload, replaceRow, removeRow } = useConfigPage({ status, q, sort, page, perPage, companyId: activeCompanyId });
  const [first, setFirst] = useState<{ rows: ConfigRow[]; total: number }>();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ConfigRow | null>(null);

  // The first unfiltered answer decides whether this user has exactly one config.
  useEffect(() => {
    if (rows && !first) setFirst({ rows, total });
  }, [rows, total, first]);
  // A page emptied by archive/delete (or a search) moves back to the last page that has rows.
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && page * perPage >= total) setPage(Math.max(0, Math.ceil(total / perPage) - 1));
  }, [rows, page, perPage, total]);

  if (first?.total === 1 && first.rows.length === 1 && !can.create) return <RedirectWhileHere to={dashboardPath(first.rows[0])} />;
  // A user who cannot create may be passing through (a dealer's sign-in lands here on the way to
  // their one config): the list's frame waits for the first answer instead of rendering for
  // nothing (issue 32: one render pass less between signing in and the config dashboard).
  if (!first && !failed && !can.create) return <LoadingBar />;

  const archive = async (config: ConfigRow) => {
    const updated = await writes.archive(config.id);
    if (!updated) return;
    growl(t('configPages.list.archived', { name: config.name }), 'success');
    // Spec section 4: archiving removes it from the list when no company is active, else updates it.
    if (activeCompanyId) replaceRow({ ...config, ...updated });
    else removeRow(config.id);
  };
  const remove = async (config: ConfigRow) => {
    const done = await writes.remove(config.id);
    if (!done) return;
    growl(t('errors:configs.removed'), 'success');
    removeRow(config.id);
    reload();
  };
  const changeFilter = (next: 'active' | 'archived' | null) => {
    if (!next) return;
    setStatus(next);
    setPage(0);
  };

  return (
    // data-ready: the first answer is in and this list is where the user stays (not the one-config redirect).
    <Box data-testid="config-list-page" data-ready={first ? 'true' : undefined} sx={{ maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <PageHeading />
        {can.create && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="config-create">
            {t('configPages.create.open')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <ToggleButtonGroup size="small" exclusive value={status} onChange={(_, next) => changeFilter(next)} aria-label={t('configPages.list.filter')}>
          <ToggleButton value="active" data-testid="config-filter-active">
            {t('configPages.status.active')}
          </ToggleButton>
          <ToggleButton value="archived" data-testid="config-filter-archived">
            {t('configPages.status.archived')}
          </ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          placeholder={t('configPages.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('configPages.search'), 'data-testid': 'config-search' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
          sx={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <TextField
          select
          size="small"
          label={t('configPages.list.sort')}
          value={sortKey(sort)}
          onChange={(e) => {
            setSort(SORTS.find((s) => sortKey(s) === e.target.value) ?? SORTS[0]);
            setPage(0);
          }}
          sx={{ flex: '0 1 220px', minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'config-sort' } }}
        >
          {SORTS.map((s) => (
            <MenuItem key={sortKey(s)} value={sortKey(s)}>
              {t(`configPages.list.sorts.${s[0]}_${s[1].toLowerCase()}` as const)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!rows && <LoadingBar />}
      {failed && <Alert severity="error">{t('configPages.loadFailed')}</Alert>}
      {rows?.length === 0 && !failed && (
        <Typography color="text.secondary" data-testid="config-list-empty">
          {t('configPages.empty')}
        </Typography>
      )}
      <Stack spacing={1}>
        {rows?.map((config) => (
          <ConfigRowCard key={config.id} config={config} can={can} onOpen={(c) => navigate(dashboardPath(c))} onArchive={(c) => void archive(c)} onDelete={setDeleting} />
        ))}
      </Stack>
      {rows && total > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('configPages.list.perPage')}
          labelDisplayedRows={({ from, to, count }) => t('configPages.list.range', { from, to, count })}
          data-testid="config-pagination"
        />
      )}
      <CreateConfigDialog
        open={creating}
        anyCompany={can.anyCompany}
        onClose={() => setCreating(false)}
        onCreated={(config) => {
          setCreating(false);
          growl(t('errors:configs.created'), 'success');
          navigate(dashboardPath(config));
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('configPages.list.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('configPages.list.delete')}
        tone="error"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
        testId="config-delete-dialog"
      >
        {t('configPages.list.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
