import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ConfigSummary } from '../../../contract/configs';
import type { InternalPageLayout, LayoutApplied } from '../../../contract/adminconfigs';
import { hasPermission } from '../../auth/permissions';
import { configInternalStagePath } from '../../routing/paths/configurator';
import { useSession } from '../../session/useSession';
import { useDataWords } from '../../i18n/dataWords';
import { localiseServerText } from '../../i18n/serverText';
import { applyLayout, WriteRefused } from './api';

/**
 * Apply one layout to a config: pick the config by company or config name (the configs list's
 * search), apply, then open the config's internal pages stage, which names the layout its pages
 * came from. Applying replaces the stage's pages; the same layout again changes nothing.
 */
export function ApplyDialog({ layout, onClose }: { layout: InternalPageLayout; onClose: () => void }) {
  const { t } = useTranslation(['configAdmin', 'errors']);
  const words = useDataWords();
  const [q, setQ] = useState('');
  const [config, setConfig] = useState<ConfigSummary | null>(null);
  const [done, setDone] = useState<LayoutApplied | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The internal stage route needs 'manage configs' (the configurator's routes.ts): the link only for those who may open it.
  const mayOpen = hasPermission(useSession().user, 'manage configs');
  const { data = [], isFetching } = useGetList<ConfigSummary>('configs', { pagination: { page: 1, perPage: 20 }, sort: { field: 'updated_at', order: 'DESC' }, filter: q ? { q } : {} });
  const apply = async () => {
    const company = config?.company;
    if (!config || !company) return;
    setBusy(true);
    setProblem(null);
    try {
      setDone(await applyLayout(company.guid, config.guid, layout.id, t));
    } catch (error) {
      setProblem(error instanceof WriteRefused ? error.messages[0] : t('errors:unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="apply-dialog-title" data-testid="apply-dialog">
      <DialogTitle id="apply-dialog-title">{t('apply.title', { name: words.layout(layout) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('apply.replaces')}</DialogContentText>
          {problem && <Alert severity="error">{problem}</Alert>}
          {done && (
            <Alert severity={done.changed ? 'success' : 'info'} data-testid="apply-result">
              {localiseServerText(done.message, t)}
            </Alert>
          )}
          <Autocomplete
            options={data}
            value={config}
            loading={isFetching}
            onChange={(_, value) => {
              setConfig(value);
              setDone(null);
            }}
            onInputChange={(_, value, reason) => reason === 'input' && setQ(value)}
            filterOptions={(options) => options}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(c) => `${c.company?.name ?? ''} – ${c.name}`}
            renderInput={(params) => <TextField {...params} label={t('apply.config')} helperText={t('apply.configHelp')} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'apply-config' } }} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {done && config && mayOpen && (
          <Button component={RouterLink} to={configInternalStagePath(config.id, done.stage)} sx={{ mr: 'auto' }} data-testid="apply-open">
            {t('apply.open')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('apply.close')}
        </Button>
        <Button variant="contained" onClick={apply} disabled={busy || !config} data-testid="apply-submit">
          {t('apply.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
