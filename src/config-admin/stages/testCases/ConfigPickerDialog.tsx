import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageConfigs, type ConfigRow } from '../../../data/configs';
import { useDebouncedValue } from '../../../data/useDebouncedValue';
import type { ConfigDetail } from '../../../../contract/configs';
import { http } from '../../../http';

/** A config's data as the preview shows it (read-only): its name, company and every stage's data. */
export interface ConfigData {
  id: number;
  name: string;
  company: string;
  /** The company's region (`uk`, `fr`, ...): what a `visibleIf` reads as `$company.region`. */
  region: string | null;
  data: Record<string, unknown>;
}

const SEARCH_DELAY_MS = 300;
const PAGE = 20;

/**
 * Staff choose a config they may view (GET /configs: the server's tenancy decides which; search by
 * config or company name), and its data is read (GET /configs/{id}, secrets masked by the server)
 * for the preview to show the draft against. Nothing is written to the config.
 */
export function ConfigPickerDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (config: ConfigData) => void }) {
  const { t } = useTranslation('configAdmin');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, SEARCH_DELAY_MS);
  const [loading, setLoading] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const list = useQuery({
    queryKey: ['stage-preview-configs', debounced],
    enabled: open,
    queryFn: async ({ signal }) => (await pageConfigs({ status: 'all', q: debounced, sort: ['updated_at', 'DESC'], page: 0, perPage: PAGE }, signal))?.rows ?? [],
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

  const pick = async (row: ConfigRow) => {
    setLoading(row.id);
    setFailed(false);
    try {
      // The config as its own page reads it (never from the cache: dealers change it meanwhile).
      const config = await http.get<ConfigDetail>(`/configs/${row.id}`, { cache: false, notify: false });
      if (!config) throw new Error('no config');
      onPick({ id: row.id, name: config.name, company: config.company?.name ?? row.company?.name ?? '', region: config.company?.region ?? null, data: (config.data ?? {}) as Record<string, unknown> });
    } catch {
      setFailed(true);
    } finally {
      setLoading(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="config-picker-title">
      <DialogTitle id="config-picker-title">{t('stages.testCases.loadTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="search"
          label={t('stages.testCases.searchConfigs')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'config-picker-search' } }}
        />
        {(list.isError || failed) && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('stages.testCases.configsFailed')}
          </Alert>
        )}
        {list.isFetching && !list.data && <CircularProgress size={20} aria-label={t('stages.loading')} sx={{ mt: 1 }} />}
        {list.data && !list.data.length && !list.isFetching && <Alert severity="info" sx={{ mt: 1 }}>{t('stages.testCases.noConfigs')}</Alert>}
        <List dense aria-label={t('stages.testCases.configs')}>
          {(list.data ?? []).map((row) => (
            <ListItemButton key={row.id} onClick={() => void pick(row)} disabled={loading !== null} data-testid={`config-pick-${row.id}`}>
              <ListItemText primary={row.name} secondary={row.company?.name} />
              {loading === row.id && <CircularProgress size={16} aria-label={t('stages.loading')} />}
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('stages.testCases.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
