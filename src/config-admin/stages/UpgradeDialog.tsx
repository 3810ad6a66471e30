import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
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

type PlanRow = UpgradePlanAnswer['configs'][number];
type Outcome = PlanRow['outcome'];

const OUTCOME_COLOUR: Record<Outcome, 'success' | 'warning' | 'error'> = { fits: 'success', needs_input: 'warning', invalid: 'error' };

/** The rows moving would take: those whose data fits, and those going back to the dealer for new values. */
export const movable = (row: PlanRow) => row.outcome !== 'invalid';

/** A field pointer as words: the phone of every item of contacts reads "contacts › each item › phone". */
function ReadablePointer({ pointer }: { pointer: string }) {
  const { t } = useTranslation('configAdmin');
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => (p === '*' ? t('stages.upgrade.eachItem') : p.replace(/~1/g, '/').replace(/~0/g, '~')));
  return (
    <Box component="code" sx={{ fontSize: 13, overflowWrap: 'anywhere' }} title={pointer}>
      {parts.join(' › ') || pointer}
    </Box>
  );
}

/** New and removed fields, per version the configs are on. */
function FieldChanges({ plan }: { plan: UpgradePlanAnswer }) {
  const { t } = useTranslation('configAdmin');
  const froms = [...new Set([...Object.keys(plan.new_fields), ...Object.keys(plan.removed_fields)])].sort((a, b) => Number(a) - Number(b));
  if (!froms.length) return null;
  return (
    <Stack spacing={1} data-testid="upgrade-fields">
      {froms.map((from) => {
        const added = plan.new_fields[from] ?? [];
        const removed = plan.removed_fields[from] ?? [];
        return (
          <Box key={from} data-testid="upgrade-fields-from" data-from={from}>
            <Typography variant="subtitle2" component="h3">
              {t('stages.upgrade.fromVersion', { from, to: plan.to })}
            </Typography>
            {!added.length && !removed.length ? (
              <Typography variant="body2" color="text.secondary">
                {t('stages.upgrade.sameFields')}
              </Typography>
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
                {[
                  { list: added, label: t('stages.upgrade.newFields', { count: added.length }), testId: 'upgrade-new-fields' },
                  { list: removed, label: t('stages.upgrade.removedFields', { count: removed.length }), testId: 'upgrade-removed-fields' },
                ].map(({ list, label, testId }) => (
                  <Box key={testId}>
                    <Typography variant="body2">{label}</Typography>
                    {list.length > 0 && (
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid={testId}>
                        {list.map((p) => (
                          <li key={p}>
                            <ReadablePointer pointer={p} />
                          </li>
                        ))}
                      </Box>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

function OutcomeChip({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('configAdmin');
  return <Chip size="small" color={OUTCOME_COLOUR[outcome]} label={t(`stages.upgrade.outcome.${outcome}`)} sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} data-testid="upgrade-outcome" data-outcome={outcome} />;
}

/** What the row says beyond its outcome: the errors the new version finds, and why the server refused it. */
function RowDetails({ row, refused }: { row: PlanRow; refused?: readonly PublishProblem[] }) {
  const { t } = useTranslation('configAdmin');
  return (
    <>
      {row.outcome !== 'fits' && row.errors.length > 0 && <ProblemList problems={row.errors} testId="upgrade-errors" />}
      {refused && (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid="upgrade-refused">
          <Typography variant="body2">{t('stages.upgrade.refusedRow')}</Typography>
          <ProblemList problems={refused} testId="upgrade-refused-list" />
        </Alert>
      )}
    </>
  );
}

export interface UpgradePlanViewProps {
  plan: UpgradePlanAnswer;
  /** The configs ticked (ids). */
  selected: ReadonlySet<number>;
  onToggle(id: number, on: boolean): void;
  /** Why the server refused configs (last move), by id. */
  refused?: ReadonlyMap<number, readonly PublishProblem[]>;
  disabled?: boolean;
}

/**
 * The dry run of moving configs to a version: the fields it adds and removes, then each config on
 * another version with what moving it would do (a table; cards on a phone). Configs whose data
 * would no longer validate cannot be ticked.
 */
export function UpgradePlanView({ plan, selected, onToggle, refused, disabled }: UpgradePlanViewProps) {
  const { t } = useTranslation(['configAdmin', 'configurator']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!plan.configs.length)
    return (
      <Typography variant="body2" data-testid="upgrade-empty">
        {t('stages.upgrade.empty')}
      </Typography>
    );
  const state = (s: string) => t(`configurator:states.${s}`, { defaultValue: s });
  const tick = (row: PlanRow) => (
    <Checkbox
      checked={selected.has(row.id)}
      disabled={disabled || !movable(row)}
      onChange={(e) => onToggle(row.id, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('stages.upgrade.tick', { name: row.name }), 'data-testid': 'upgrade-tick' } as object }}
    />
  );
  const movableRows = plan.configs.filter(movable);
  const all = movableRows.length > 0 && movableRows.every((r) => selected.has(r.id));
  const some = movableRows.some((r) => selected.has(r.id));
  const tickAll = (on: boolean) => movableRows.forEach((r) => onToggle(r.id, on));
  return (
    <Stack spacing={2}>
      <FieldChanges plan={plan} />
      <Typography variant="body2" color="text.secondary">
        {t('stages.upgrade.count', { count: plan.configs.length, fits: plan.configs.filter((r) => r.outcome === 'fits').length, needs: plan.configs.filter((r) => r.outcome === 'needs_input').length, invalid: plan.configs.filter((r) => r.outcome === 'invalid').length })}
      </Typography>
      {phone ? (
        <>
          <FormControlLabel
            control={<Checkbox checked={all} indeterminate={some && !all} disabled={disabled || !movableRows.length} onChange={(e) => tickAll(e.target.checked)} slotProps={{ input: { 'data-testid': 'upgrade-tick-all' } as object }} />}
            label={t('stages.upgrade.tickAll')}
          />
          <Stack spacing={1} component="ul" sx={{ p: 0, m: 0 }} aria-label={t('stages.upgrade.configs')} data-testid="upgrade-cards">
            {plan.configs.map((row) => (
              <Paper component="li" variant="outlined" key={row.id} sx={{ listStyle: 'none', p: 1, display: 'flex', gap: 0.5, alignItems: 'flex-start' }} data-testid="upgrade-row" data-id={row.id}>
                <Box sx={{ mt: -0.5, ml: -0.5 }}>{tick(row)}</Box>
                <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="subtitle2" component="h3" data-testid="upgrade-name" sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {row.company.name} · {t('stages.upgrade.onVersion', { version: row.from })} · {state(row.state)}
                  </Typography>
                  <Box>
                    <OutcomeChip outcome={row.outcome} />
                  </Box>
                  <RowDetails row={row} refused={refused?.get(row.id)} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('stages.upgrade.configs')} data-testid="upgrade-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={some && !all}
                    disabled={disabled || !movableRows.length}
                    onChange={(e) => tickAll(e.target.checked)}
                    slotProps={{ input: { 'aria-label': t('stages.upgrade.tickAll'), 'data-testid': 'upgrade-tick-all' } as object }}
                  />
                </TableCell>
                <TableCell>{t('stages.upgrade.config')}</TableCell>
                <TableCell>{t('stages.upgrade.company')}</TableCell>
                <TableCell>{t('stages.upgrade.from')}</TableCell>
                <TableCell>{t('stages.upgrade.state')}</TableCell>
                <TableCell>{t('stages.upgrade.outcomeTitle')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plan.configs.map((row) => (
                <TableRow key={row.id} data-testid="upgrade-row" data-id={row.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell padding="checkbox">{tick(row)}</TableCell>
                  <TableCell data-testid="upgrade-name" sx={{ overflowWrap: 'anywhere', pt: 1.25 }}>
                    {row.name}
                  </TableCell>
                  <TableCell sx={{ pt: 1.25 }}>{row.company.name}</TableCell>
                  <TableCell sx={{ pt: 1.25, whiteSpace: 'nowrap' }}>{t('stages.upgrade.onVersion', { version: row.from })}</TableCell>
                  <TableCell sx={{ pt: 1.25 }}>{state(row.state)}</TableCell>
                  <TableCell sx={{ pt: 1, minWidth: 200 }}>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <OutcomeChip outcome={row.outcome} />
                      <RowDetails row={row} refused={refused?.get(row.id)} />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/**
 * The ticks of a dry run's plan: preselected, the configs that can move, but those refused last
 * time (they would be refused again); `toggle` ticks or unticks one.
 */
export function usePlanTicks(plan: UpgradePlanAnswer, refused?: ReadonlyMap<number, readonly PublishProblem[]>): [ReadonlySet<number>, (id: number, on: boolean) => void] {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(plan.configs.filter((r) => movable(r) && !refused?.has(r.id)).map((r) => r.id)));
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return [selected, toggle];
}

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
