import {
  Box,
  Checkbox,
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
import { useTranslation } from 'react-i18next';
import type { PublishProblem, UpgradePlanAnswer } from '../../../contract/catalogue';

import { FieldChanges, movable, OutcomeChip, RowDetails, type PlanRow } from './upgradePlanParts';

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
