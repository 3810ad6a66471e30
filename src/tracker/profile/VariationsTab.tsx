import AddIcon from '@mui/icons-material/Add';
import { Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useState, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../i18n/format';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { createVariation, deleteVariation, updateVariation } from '../api';
import { ProjectState } from '../ProjectState';
import type { ProjectDetail, Variation, VariationInput } from '../types';
import { useProjectVariations } from '../useTracker';
import { failureText, useTrackerWrite } from '../useTrackerWrites';
import { VariationForm } from '../VariationForm';
import { VariationStatusChip } from '../VariationStatusChip';

/** The Variations tab: the project's variations with their money in its currency; raise one; change or delete one while it waits. */
export function VariationsTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t, i18n } = useTranslation('tracker');
  const { data, error } = useProjectVariations(project.id);
  // The company's region currency, as its variations carry it (none yet: the form shows plain amounts).
  const currency = data?.[0]?.currency ?? '';
  const [open, setOpen] = useState<Variation | 'new' | null>(null);
  const [removing, setRemoving] = useState<Variation | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useTrackerWrite(project.id, async (input: VariationInput) => (open === 'new' ? createVariation(project.id, input) : updateVariation(project.id, (open as Variation).id, input)), () =>
    t(open === 'new' ? 'errors:projects.variation_created' : 'errors:projects.variation_updated'),
  );
  const remove = useTrackerWrite(project.id, async (v: Variation) => deleteVariation(project.id, v.id), t('errors:projects.variation_deleted'));
  const money = (v: Variation, value: number) => formatMoney(value, v.currency || currency, i18n.language);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const actions = (v: Variation): ReactNode =>
    edit && v.status === 'pending' ? (
      <>
        <Tooltip title={t('actions.edit')}>
          <IconButton size="small" aria-label={t('actions.editNamed', { name: v.title })} onClick={() => { setFormError(null); setOpen(v); }}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('actions.delete')}>
          <IconButton size="small" aria-label={t('actions.deleteNamed', { name: v.title })} onClick={() => setRemoving(v)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    ) : null;
  if (!data) return <ProjectState error={error} />;
  return (
    <Box data-testid="variations-tab">
      {edit ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => { setFormError(null); setOpen('new'); }} sx={{ mb: 2 }} data-testid="raise-variation">
          {t('variation.raise')}
        </Button>
      ) : null}
      {data.length === 0 ? (
        <Typography>{t('variation.none')}</Typography>
      ) : phone ? (
        <Stack spacing={1.5}>
          {data.map((v) => (
            <Paper key={v.id} variant="outlined" sx={{ p: 1.5 }} data-testid="variation-row">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>{v.title}</Typography>
                {actions(v)}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 0.5, flexWrap: 'wrap' }}>
                <VariationStatusChip status={v.status} />
                <Typography variant="body2" color="text.secondary">
                  {t(`variationTypes.${v.type}`)} · {t('hours', { count: v.total_effort })}
                </Typography>
              </Stack>
              <Typography variant="body2">
                {t('fields.costImpact')}: {money(v, v.cost_impact)} · {t('fields.focCost')}: {money(v, v.foc_cost)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {v.raised_by?.name ?? ''} {formatDate(v.created_at)}
                {v.decided_by ? ` · ${v.decided_by.name} ${formatDate(v.decided_at)}${v.decision_note ? `: ${v.decision_note}` : ''}` : ''}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="variations-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.title')}</TableCell>
                <TableCell>{t('fields.variationType')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell align="right">{t('fields.effort')}</TableCell>
                <TableCell align="right">{t('fields.costImpact')}</TableCell>
                <TableCell align="right">{t('fields.focCost')}</TableCell>
                <TableCell>{t('fields.raisedBy')}</TableCell>
                <TableCell>{t('fields.decision')}</TableCell>
                {edit ? <TableCell>{t('fields.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((v) => (
                <TableRow key={v.id} data-testid="variation-row">
                  <TableCell>{v.title}</TableCell>
                  <TableCell>{t(`variationTypes.${v.type}`)}</TableCell>
                  <TableCell>
                    <VariationStatusChip status={v.status} />
                  </TableCell>
                  <TableCell align="right">{t('hours', { count: v.total_effort })}</TableCell>
                  <TableCell align="right">{money(v, v.cost_impact)}</TableCell>
                  <TableCell align="right">{money(v, v.foc_cost)}</TableCell>
                  <TableCell>
                    {v.raised_by?.name ?? ''} {formatDate(v.created_at)}
                  </TableCell>
                  <TableCell>{v.decided_by ? `${v.decided_by.name} ${formatDate(v.decided_at)}${v.decision_note ? `: ${v.decision_note}` : ''}` : ''}</TableCell>
                  {edit ? <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(v)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {open ? (
        <VariationForm
          variation={open === 'new' ? null : open}
          currency={currency}
          busy={save.isPending}
          error={formError}
          onClose={() => setOpen(null)}
          onSave={(input) => save.mutate(input, { onSuccess: () => setOpen(null), onError: (e) => setFormError(failureText(e, t('failed'))) })}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('variation.deleteTitle')}
        confirmLabel={t('actions.delete')}
        tone="error"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing).catch(() => undefined);
        }}
        testId="variation-delete-dialog"
      >
        {removing ? t('variation.deleteText', { title: removing.title }) : null}
      </ConfirmDialog>
    </Box>
  );
}
