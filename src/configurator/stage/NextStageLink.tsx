import { useEffect } from 'react';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasStage, loadStageValidators, stageValidatorsNeeded, withCatalogue, type Catalogue } from '../../../engine';
import { whenIdle } from '../../routing/idle';
import type { ConfigDetail, ConfigStage } from '../api';
import { groupStages } from '../dashboard/groupStages';
import { stagePath } from '../dashboard/StageSections';

/**
 * The stage after `slug` in the dashboard's order (its groups, then each group's order) that the
 * user can open: a locked stage (its `requires` not complete) is passed over, as the dashboard
 * shows it locked. Dealer stages on a dealer stage's page, internal ones on an internal page.
 */
export function nextStageOf(config: Pick<ConfigDetail, 'stages'>, slug: string, internal: boolean): ConfigStage | undefined {
  const ordered = groupStages(config.stages.filter((s) => (s.audience === 'internal') === internal), { internal }).flatMap((g) => g.stages);
  const here = ordered.findIndex((s) => s.slug === slug);
  return here < 0 ? undefined : ordered.slice(here + 1).find((s) => s.open);
}

/**
 * "Next: Franchises": the stage a dealer usually fills after this one, one click away instead of a
 * trip through the dashboard (issue 59). While the dealer works here, the browser's idle time loads
 * that stage's validators (a chunk per stage) so it opens without waiting for them; its page's code
 * is loaded by the area's `next` (routing/intent.ts).
 */
export function NextStageLink({ config, slug, internal, catalogue }: { config: ConfigDetail; slug: string; internal: boolean; catalogue?: Catalogue }) {
  const { t } = useTranslation(['common', 'configurator']);
  const next = nextStageOf(config, slug, internal);
  const nextSlug = next?.slug;
  useEffect(() => {
    if (!nextSlug) return;
    let live = true;
    whenIdle(() => {
      if (!live || !hasStage(nextSlug)) return;
      // A pinned version's validators come with the pinned catalogue; the shipped ones load here.
      void loadStageValidators(withCatalogue(catalogue, () => stageValidatorsNeeded(nextSlug))).catch(() => {});
    });
    return () => {
      live = false;
    };
  }, [nextSlug, catalogue]);
  if (!next) return null;
  return (
    <Box component="nav" aria-label={t('configPages.stagePage.nextNav')} sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
      <Button component={RouterLink} to={stagePath(config.id, next)} endIcon={<ArrowForwardIcon />} data-testid="stage-next">
        {t('configPages.stagePage.next', { title: t(next.title) })}
      </Button>
    </Box>
  );
}
