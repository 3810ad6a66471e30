import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PublishProblem, UpgradePlanAnswer } from '../../../contract/catalogue';
import { ProblemList } from './PublishDialog';

/** The parts of an upgrade plan's view (UpgradePlanView): field changes, a row's outcome and what it says. */
export type PlanRow = UpgradePlanAnswer['configs'][number];
export type Outcome = PlanRow['outcome'];

const OUTCOME_COLOUR: Record<Outcome, 'success' | 'warning' | 'error'> = { fits: 'success', needs_input: 'warning', invalid: 'error' };

/** The rows moving would take: those whose data fits, and those going back to the dealer for new values. */
export const movable = (row: PlanRow) => row.outcome !== 'invalid';

/** A field pointer as words: the phone of every item of contacts reads "contacts › each item › phone". */
export function ReadablePointer({ pointer }: { pointer: string }) {
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
export function FieldChanges({ plan }: { plan: UpgradePlanAnswer }) {
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

export function OutcomeChip({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('configAdmin');
  return <Chip size="small" color={OUTCOME_COLOUR[outcome]} label={t(`stages.upgrade.outcome.${outcome}`)} sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} data-testid="upgrade-outcome" data-outcome={outcome} />;
}

/** What the row says beyond its outcome: the errors the new version finds, and why the server refused it. */
export function RowDetails({ row, refused }: { row: PlanRow; refused?: readonly PublishProblem[] }) {
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
