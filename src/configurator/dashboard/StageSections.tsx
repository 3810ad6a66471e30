import { Alert, Chip, IconButton, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CommentIcon from '@mui/icons-material/ChatBubbleOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ConfigDetail, ConfigStage } from '../api';
import { StateChip, stageStarted } from '../parts';
import { groupStages } from './groupStages';

/** Where a stage opens: dealer stages at `{id}/{slug}`, internal ones at `{id}/internal/{slug}`. */
export const stagePath = (configId: number, stage: Pick<ConfigStage, 'slug' | 'audience'>) =>
  `/configurator/${configId}/${stage.audience === 'internal' ? 'internal/' : ''}${stage.slug}`;

export interface StageSectionsProps {
  config: ConfigDetail;
  /** Internal stages (staff) instead of the dealer's. */
  internal?: boolean;
  /** Staff: a remove button per stage. */
  onRemove?(stage: ConfigStage): void;
  /** Open review threads per stage slug (GET .../threads/counts, issue 55): a badge beside the state. */
  openThreads?: Readonly<Record<string, number>>;
}

/**
 * Every section grouped as in the stage files, each with its state; a section whose `requires` are
 * not complete is locked (spec section 4: company information first).
 */
export function StageSections({ config, internal = false, onRemove, openThreads }: StageSectionsProps) {
  const { t } = useTranslation(['common', 'configurator']);
  const stages = config.stages.filter((s) => (s.audience === 'internal') === internal);
  const anyLocked = stages.some((s) => !s.open);
  const groups = groupStages(stages, { internal });
  return (
    <Stack spacing={2}>
      {anyLocked && !internal && (
        <Alert severity="info" icon={<LockIcon />} data-testid="config-locked-notice">
          {t('configPages.locked')}
        </Alert>
      )}
      {groups.map(({ group, stages: list }) => (
        <Paper key={group} variant="outlined" component="section" aria-label={t(group)} data-testid={`group-${group.split('.').pop()}`}>
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t(group)}
          </Typography>
          <List dense>
            {list.map((stage) => (
              <ListItem
                key={stage.slug}
                disablePadding
                secondaryAction={
                  onRemove && (
                    <Tooltip title={t('configPages.dashboard.removeStage')}>
                      <IconButton edge="end" aria-label={`${t('configPages.dashboard.removeStage')}: ${t(stage.title)}`} onClick={() => onRemove(stage)} data-testid={`remove-stage-${stage.slug}`}>
                        <RemoveIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )
                }
              >
                <ListItemButton
                  component={RouterLink}
                  to={stagePath(config.id, stage)}
                  disabled={!stage.open}
                  aria-disabled={!stage.open}
                  data-testid={`section-${stage.slug}`}
                  data-state={stage.state}
                  sx={{ gap: 1, flexWrap: 'wrap', pr: onRemove ? 7 : undefined }}
                >
                  {!stage.open && <LockIcon fontSize="small" aria-label={t('configPages.lockedShort')} />}
                  <ListItemText primary={t(stage.title)} secondary={stage.required ? undefined : t('configPages.optional')} />
                  {(openThreads?.[stage.slug] ?? 0) > 0 && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="warning"
                      icon={<CommentIcon />}
                      label={t('configPages.review.stageBadge', { count: openThreads?.[stage.slug] })}
                      data-testid={`open-threads-${stage.slug}`}
                    />
                  )}
                  <StateChip state={stage.state} started={stageStarted(config, stage.slug)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
