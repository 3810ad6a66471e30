import { useCallback, useMemo } from 'react';
import { Alert, Box, Breadcrumbs, Button, GlobalStyles, Link, Paper, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '../i18n/format';
import type { ConfigDetail } from './api';
import { groupStages } from './dashboard/groupStages';
import { pointerTarget, stageSummary } from './dashboard/summary';
import { shownPointers, StageSummaryView, SummaryAside } from './dashboard/SummaryView';
import { useFreshConfig } from './dashboard/useFreshConfig';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { ConfigLoadError, ConfigProgress, StateChip, stageStarted } from './parts';
import { LoadingBar } from '../layout/LoadingBar';
import { withCatalogue, type Catalogue } from '../../engine';
import { usePinnedCatalogue } from './pinned/usePinnedCatalogue';
import { useSession } from '../session/useSession';
import type { SessionUser } from '../auth/types';
import type { ReviewThread } from './review/api';
import { OverviewStageReview } from './review/OverviewStageReview';
import { useConfigThreads } from './review/useReview';

const PRINT_ROOT = 'config-overview';

/**
 * On paper only the overview shows: no top bar, sidebar, footer, banners or buttons; sections are
 * not split across pages where it can be helped.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '15mm' },
        'body *': { visibility: 'hidden' },
        [`#${PRINT_ROOT}, #${PRINT_ROOT} *`]: { visibility: 'visible' },
        [`#${PRINT_ROOT}`]: { position: 'absolute', left: 0, top: 0, width: '100%', maxWidth: 'none !important' },
        'header, footer, nav, .MuiDrawer-root, .MuiSnackbar-root, .no-print': { display: 'none !important' },
        '#main-content': { padding: '0 !important' },
        [`#${PRINT_ROOT} section`]: { breakInside: 'avoid-page', boxShadow: 'none' },
        body: { background: '#fff' },
      },
    }}
  />
);

const NO_THREADS: ReviewThread[] = [];

interface StageCardProps {
  config: ConfigDetail;
  stage: ConfigDetail['stages'][number];
  catalogue?: Catalogue;
  user: SessionUser | null;
  threads: readonly ReviewThread[];
}

/**
 * One stage's card: its title and state, its rows read-only, and (issue 55) the review markers
 * beside the rows with threads and by the title for the rest, opening the stage page's thread panel.
 */
function StageCard({ config, stage, catalogue, user, threads }: StageCardProps) {
  const { t } = useTranslation(['common', 'configurator']);
  // Each stage as the version the config is pinned to defines it (its fields and labels).
  // A `visibleIf` may read the company's region (`$company`): the rows the form shows for this company.
  const region = config.company?.region ?? null;
  const fields = useMemo(() => (config.data[stage.slug] ? withCatalogue(catalogue, () => stageSummary(stage.slug, config.data, t, { region })) : []), [config.data, stage.slug, catalogue, t, region]);
  const shown = useMemo(() => shownPointers(fields), [fields]);
  // A thread's field named as the stage page names it ("Locations › Wisbech › Postcode").
  const labelFor = useCallback((pointer: string) => withCatalogue(catalogue, () => pointerTarget(stage.slug, pointer, { doc: config.data, company: { region } }, t))?.labels.join(' › ') || pointer, [catalogue, stage.slug, config.data, t, region]);
  const title = t(stage.title);
  return (
    <OverviewStageReview configId={config.id} stage={stage.slug} stageState={stage.state ?? 'draft'} user={user} labelFor={labelFor} threads={threads} shown={shown}>
      <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby={`overview-stage-${stage.slug}`} data-testid={`overview-${stage.slug}`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Typography variant="h6" component="h3" id={`overview-stage-${stage.slug}`}>
              {title}
            </Typography>
            {/* Whole-stage threads, and those on a field the overview shows no row for (or whose row is gone). */}
            <SummaryAside pointer="" label={title} kind="group" />
          </Box>
          <StateChip state={stage.state} started={stageStarted(config, stage.slug)} />
        </Box>
        {fields.length ? (
          <StageSummaryView fields={fields} />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="overview-not-started">
            {t('configPages.overview.notStarted')}
          </Typography>
        )}
      </Paper>
    </OverviewStageReview>
  );
}

function StageCards({ config, catalogue }: { config: ConfigDetail; catalogue?: Catalogue }) {
  const { t } = useTranslation(['common', 'configurator']);
  const { user } = useSession();
  const groups = useMemo(() => groupStages(config.stages, { internal: true }), [config.stages]);
  // Every stage's review threads in one read (a failed read: no markers, the overview as before).
  const threads = useConfigThreads(config.id).data;
  const byStage = useMemo(() => {
    const map = new Map<string, ReviewThread[]>();
    for (const th of threads ?? []) map.set(th.stage, [...(map.get(th.stage) ?? []), th]);
    return map;
  }, [threads]);
  return (
    <Stack spacing={3}>
      {groups.map(({ group, stages }) => (
        <Box key={group} component="section" aria-labelledby={`overview-${group}`}>
          <Typography variant="h5" component="h2" id={`overview-${group}`} gutterBottom>
            {t(group)}
          </Typography>
          <Stack spacing={1.5}>
            {stages.map((stage) => (
              <StageCard key={stage.slug} config={config} stage={stage} catalogue={catalogue} user={user} threads={byStage.get(stage.slug) ?? NO_THREADS} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** `/configurator/{id}/overview`: every stage's data, read-only, grouped like the dashboard, printable. */
export default function ConfigOverviewPage() {
  const { t } = useTranslation(['common', 'configurator', 'errors']);
  const { id = '' } = useParams();
  const { config, loading, failed, denied, error } = useFreshConfig(id);
  // Another company's config, or none: back where the user was, saying "No Access." (spec section 2).
  const missing = useLeaveWhenMissing(error, t('errors:access_denied'));
  const pinned = usePinnedCatalogue(config);

  if (!config || !pinned.ready) {
    return (
      <Box data-testid="config-overview-page">
        {(loading || (config && !pinned.failed)) && <LoadingBar />}
        {(failed || pinned.failed) && !missing && <ConfigLoadError denied={denied} />}
      </Box>
    );
  }
  return (
    <Box data-testid="config-overview-page" id={PRINT_ROOT} sx={{ maxWidth: 960 }}>
      {printStyles}
      <Breadcrumbs className="no-print" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/configurator/${config.id}/dashboard`}>
          {config.name}
        </Link>
        <Typography color="text.primary">{t('configPages.dashboard.overview')}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" data-testid="page-title" sx={{ overflowWrap: 'anywhere' }}>
            {config.name}
          </Typography>
          <Typography color="text.secondary">
            {config.company?.name}
            {config.updated_at ? ` · ${t('configPages.overview.updated', { date: formatDate(config.updated_at) })}` : ''}
          </Typography>
        </Box>
        <Button className="no-print" variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} data-testid="overview-print">
          {t('configPages.overview.print')}
        </Button>
      </Box>
      <Box sx={{ mb: 3, maxWidth: 480 }}>
        <Typography variant="body2" gutterBottom>
          {t('configPages.progress')}
        </Typography>
        <ConfigProgress value={config.progress} />
      </Box>
      {config.complete && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('configPages.complete')}
        </Alert>
      )}
      <StageCards config={config} catalogue={pinned.catalogue} />
    </Box>
  );
}
