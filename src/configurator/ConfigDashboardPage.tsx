import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import SummaryIcon from '@mui/icons-material/ListAlt';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { growl } from '../session/notifier';
import type { ConfigStage } from './api';
import { useConfigWrites } from './useConfigWrites';
import { AddStage } from './dashboard/AddStage';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { ContactCard } from './dashboard/ContactCard';
import { useConfigAbilities } from './dashboard/permissions';
import { StageSections } from './dashboard/StageSections';
import { useFreshConfig } from './dashboard/useFreshConfig';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { ConfigLoadError, ConfigProgress } from './parts';
import { LoadingBar } from '../layout/LoadingBar';
import { useThreadCounts } from './review/useReview';
import { usePinnedCatalogue } from './pinned/usePinnedCatalogue';

/**
 * `/configurator/{id}/dashboard`: progress, every section by group with its state and lock, the
 * contacts with a mail action, the overview link; for staff (manage configs) stage add/remove,
 * internal stages and archive. Loaded fresh on mount and on window focus.
 */
export default function ConfigDashboardPage() {
  const { t } = useTranslation(['common', 'configurator', 'errors']);
  const { id = '' } = useParams();
  const { config, loading, failed, denied, error, setConfig } = useFreshConfig(id);
  // Another company's config, or none: back where the user was, saying "No Access." (spec section 2).
  const missing = useLeaveWhenMissing(error, t('errors:access_denied'));
  const can = useConfigAbilities();
  const writes = useConfigWrites();
  const [removing, setRemoving] = useState<ConfigStage | null>(null);
  const [archiving, setArchiving] = useState(false);
  // Open review threads per stage (issue 55): a badge on each stage's row; none while unread or refused.
  const openThreads = useThreadCounts(config?.id).data;
  // The stage versions the config is pinned to bring their texts: a stage born in the editor has its title only there.
  usePinnedCatalogue(config);

  if (!config) {
    return (
      <Box data-testid="config-dashboard-page">
        {loading && <LoadingBar />}
        {failed && !missing && <ConfigLoadError denied={denied} />}
      </Box>
    );
  }

  const change = async (slug: string, action: 'add' | 'remove') => {
    const updated = await writes.changeStage({ guid: config.guid, slug, action });
    if (!updated) return;
    setConfig(updated);
    growl(t('errors:configs.updated'), 'success');
  };
  const archive = async () => {
    const updated = await writes.archive(config.id);
    if (!updated) return;
    setConfig(updated);
    growl(t('configPages.list.archived', { name: config.name }), 'success');
  };
  const hasInternal = config.stages.some((s) => s.audience === 'internal');
  const archived = config.status === 'archived';

  return (
    <Box data-testid="config-dashboard-page" sx={{ maxWidth: 960 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" gutterBottom data-testid="page-title" sx={{ overflowWrap: 'anywhere' }}>
            {config.name}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {config.company?.name}
            {archived && <Chip size="small" label={t('configPages.status.archived')} sx={{ ml: 1 }} data-testid="config-archived" />}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <Button component={RouterLink} to={`/configurator/${config.id}/overview`} variant="outlined" startIcon={<SummaryIcon />} data-testid="config-overview-link">
            {t('configPages.dashboard.overview')}
          </Button>
          {can.create && !archived && (
            <Button variant="outlined" color="inherit" startIcon={<ArchiveIcon />} onClick={() => setArchiving(true)} data-testid="config-archive">
              {t('configPages.list.archive')}
            </Button>
          )}
        </Stack>
      </Box>
      <Box sx={{ my: 2 }}>
        <Typography variant="body2" gutterBottom>
          {t('configPages.progress')}
        </Typography>
        <ConfigProgress value={config.progress} testId="config-progress" />
      </Box>
      {config.complete && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="config-complete">
          {t('configPages.complete')}
        </Alert>
      )}
      {can.manage && (
        <Paper variant="outlined" component="section" sx={{ p: 2, mb: 2 }} aria-labelledby="config-staff-title" data-testid="config-staff">
          <Typography variant="h6" component="h2" id="config-staff-title" gutterBottom>
            {t('configPages.dashboard.staff')}
          </Typography>
          <AddStage config={config} onAdd={(slug) => change(slug, 'add')} />
          {hasInternal && (
            <Box sx={{ mt: 2 }} data-testid="config-internal-stages">
              <Typography variant="subtitle2" gutterBottom>
                {t('configPages.dashboard.internalStages')}
              </Typography>
              <StageSections config={config} internal onRemove={setRemoving} openThreads={openThreads} />
            </Box>
          )}
        </Paper>
      )}
      <StageSections config={config} onRemove={can.manage ? setRemoving : undefined} openThreads={openThreads} />

      {(can.manage || config.mail?.project_manager || config.mail?.account_manager) && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('configPages.contacts')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ContactCard configGuid={config.guid} type="project_manager" label={t('configPages.projectManager')} contact={config.mail?.project_manager} showEmpty={can.manage} />
            <ContactCard configGuid={config.guid} type="account_manager" label={t('configPages.accountManager')} contact={config.mail?.account_manager} showEmpty={can.manage} />
          </Stack>
        </Box>
      )}

      <ConfirmDialog
        open={Boolean(removing)}
        title={t('configPages.dashboard.removeTitle', { name: removing ? t(removing.title) : '' })}
        confirmLabel={t('configPages.dashboard.removeStage')}
        tone="error"
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && change(removing.slug, 'remove')}
        testId="remove-stage-dialog"
      >
        {t('configPages.dashboard.removeText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={archiving}
        title={t('configPages.dashboard.archiveTitle', { name: config.name })}
        confirmLabel={t('configPages.list.archive')}
        onClose={() => setArchiving(false)}
        onConfirm={archive}
        testId="archive-dialog"
      >
        {t('configPages.dashboard.archiveText')}
      </ConfirmDialog>
    </Box>
  );
}
