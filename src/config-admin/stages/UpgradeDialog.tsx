import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PublishProblem, UpgradePlanAnswer } from '../../../contract/catalogue';
import { CatalogueRefused, upgradeConfigs, useUpgradePlan } from './api';
import { ProblemList } from './PublishDialog';

import { movable } from './upgradePlanParts';
import { UpgradePlanView, usePlanTicks } from './UpgradePlanView';

/** The plan with its ticks (preselected: the configs that can move) and the move button. */
function PlanForm({ plan, refused, busy, onMove, onClose }: { plan: UpgradePlanAnswer; refused: ReadonlyMap<number, readonly PublishProblem[]>; busy: boolean; onMove(ids: number[]): void; onClose(): void }) {
  const { t } = useTranslation('configAdmin');
  const [selected, toggle] = usePlanTicks(plan, refused);
  const ids = plan.configs.filter((r) => selected.has(r.id) && movable(r)).map((r) => r.id);
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('stages.upgrade.intro', { version: plan.to })}</Typography>
          <UpgradePlanView plan={plan} selected={selected} onToggle={toggle} refused={refused} disabled={busy} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {plan.configs.length ? t('stages.cancel') : t('stages.close')}
        </Button>
        {plan.configs.length > 0 && (
          <Button variant="contained" onClick={() => onMove(ids)} disabled={busy || !ids.length} data-testid="upgrade-confirm">
            {t('stages.upgrade.confirm', { count: ids.length })}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

export interface UpgradeDialogProps {
  slug: string;
  /** The version to move configs to. */
  version: number;
  onClose(): void;
  /** After configs moved: the versions list reads its config counts again. */
  onMoved(): Promise<unknown> | void;
}

/**
 * Move configs to a version of the stage: the server's dry run (nothing written), the configs
 * ticked, then the move. Configs the server refuses stay listed with the reasons; when every one
 * moved, the dialog closes.
 */
export function UpgradeDialog({ slug, version, onClose, onMoved }: UpgradeDialogProps) {
  const { t } = useTranslation(['configAdmin', 'errors']);
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, error, refetch, dataUpdatedAt } = useUpgradePlan(slug, version);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Map<number, readonly PublishProblem[]>>(() => new Map());
  const [failure, setFailure] = useState<{ message: string; problems: PublishProblem[] } | null>(null);

  const move = async (ids: number[]) => {
    if (!ids.length || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const done = await upgradeConfigs(slug, { version, configs: ids }, t);
      notify(done.message, { type: 'success' });
      setRefused(new Map(done.refused.map((r) => [r.id, r.errors])));
      await onMoved();
      if (!done.refused.length) {
        onClose();
        return;
      }
      await refetch();
    } catch (e) {
      if (!(e instanceof CatalogueRefused)) {
        notify(t('errors:unknown_error'), { type: 'error' });
      } else {
        setFailure({ message: e.messages[0] ?? t('stages.upgrade.failed'), problems: e.problems });
        await refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby="upgrade-dialog-title" data-testid="upgrade-dialog">
      <DialogTitle id="upgrade-dialog-title">{t('stages.upgrade.title', { version })}</DialogTitle>
      {failure && (
        <Box sx={{ px: 3 }}>
          <Alert severity="error" data-testid="upgrade-failure">
            <Typography variant="body2">{failure.message}</Typography>
            {failure.problems.length > 0 && <ProblemList problems={failure.problems} testId="upgrade-failure-list" />}
          </Alert>
        </Box>
      )}
      {isPending || error || !data ? (
        <>
          <DialogContent>
            {isPending ? <CircularProgress size={24} aria-label={t('stages.upgrade.checking')} /> : <Alert severity="error">{t('stages.loadFailed')}</Alert>}
            {isPending && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('stages.upgrade.checking')}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('stages.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <PlanForm key={dataUpdatedAt} plan={data} refused={refused} busy={busy} onMove={(ids) => void move(ids)} onClose={onClose} />
      )}
    </Dialog>
  );
}
