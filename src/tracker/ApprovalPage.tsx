import { Alert, Box, Button, Card, CardActions, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { formatDate, formatMoney } from '../i18n/format';
import { PageHeading } from '../layout/PageHeading';
import { decideVariation } from './api';
import { trackerProfilePath } from '../routing/paths/tracker';
import { trackerKeys } from './queryKeys';
import { ProjectState } from './ProjectState';
import type { Variation } from './types';
import { useAwaitingVariations } from './useTracker';
import { failureText, useTrackerWrite } from './useTrackerWrites';

type Decision = 'approved' | 'rejected';

/**
 * `/tracker/approval` ('approve project tasks'): the free-of-charge variations waiting for my
 * approval (GET /variations?awaiting=me), each approved or rejected with a note. The decision names
 * the revision and free-of-charge amount the card shows, so a variation changed since it was read is
 * refused, never decided unseen. A refusal (not a FOC approver, my own variation or amounts, changed
 * since) shows the server's words.
 */
export default function ApprovalPage() {
  const { t, i18n } = useTranslation('tracker');
  const words = useDataWords();
  const { data, error } = useAwaitingVariations();
  const [deciding, setDeciding] = useState<{ variation: Variation; decision: Decision } | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const decide = useTrackerWrite(null, async ({ variation, decision }: { variation: Variation; decision: Decision }) => decideVariation(variation, decision, note.trim() || undefined), (answer) =>
    t(answer.variation.status === 'rejected' ? 'approval.rejected' : 'approval.approved'),
  );
  const money = (v: Variation, value: number) => formatMoney(value, v.currency, i18n.language);
  const ask = (variation: Variation, decision: Decision) => {
    setNote('');
    setProblem(null);
    setDeciding({ variation, decision });
  };
  return (
    <Box data-testid="tracker-approval-page">
      <PageHeading />
      {!data ? (
        <ProjectState error={error} />
      ) : data.length === 0 ? (
        <Typography data-testid="approval-empty">{t('approval.none')}</Typography>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          {data.map((v) => (
            <Card key={v.id} variant="outlined" data-testid="approval-card" data-variation-id={v.id}>
              <CardContent>
                <Typography variant="overline">{t(`variationTypes.${v.type}`)}</Typography>
                <Typography variant="h6" component="h2">
                  {v.title}
                </Typography>
                <Typography color="text.secondary">
                  <RouterLink to={trackerProfilePath(v.project.id, 'variations')}>{words.project(v.project.name, v.project.company_name)}</RouterLink> · {v.project.company_name}
                </Typography>
                {v.description ? <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{v.description}</Typography> : null}
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1, mt: 1, mb: 0 }}>
                  {[
                    [t('fields.focCost'), money(v, v.foc_cost)],
                    [t('fields.costImpact'), money(v, v.cost_impact)],
                    [t('fields.effort'), t('hours', { count: v.total_effort })],
                    [t('fields.raisedBy'), `${v.raised_by?.name ?? ''} ${formatDate(v.created_at)}`],
                  ].map(([label, value]) => (
                    <Box key={label}>
                      <Typography component="dt" variant="caption" color="text.secondary">
                        {label}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0 }}>
                        {value}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
              <CardActions>
                <Button variant="contained" color="success" onClick={() => ask(v, 'approved')} data-testid="approve">
                  {t('approval.approve')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => ask(v, 'rejected')} data-testid="reject">
                  {t('approval.reject')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {deciding ? (
        <Dialog open onClose={decide.isPending ? undefined : () => setDeciding(null)} fullWidth maxWidth="sm" aria-labelledby="decision-title" data-testid="decision-dialog">
          <DialogTitle id="decision-title">{t(deciding.decision === 'approved' ? 'approval.approveTitle' : 'approval.rejectTitle', { title: deciding.variation.title })}</DialogTitle>
          <DialogContent>
            <TextField fullWidth multiline minRows={2} sx={{ mt: 1 }} label={t('approval.note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'decision-note' } }} />
            {problem ? (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="decision-error">
                {problem}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeciding(null)} disabled={decide.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              color={deciding.decision === 'approved' ? 'success' : 'error'}
              disabled={decide.isPending}
              data-testid="decision-confirm"
              onClick={() =>
                decide.mutate(deciding, {
                  onSuccess: () => setDeciding(null),
                  onError: (e) => {
                    setProblem(failureText(e, t('failed')));
                    // Changed since it was read (or decided by someone else): the cards show what is stored now.
                    void client.invalidateQueries({ queryKey: trackerKeys.awaiting() });
                  },
                })
              }
            >
              {t(deciding.decision === 'approved' ? 'approval.approve' : 'approval.reject')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Box>
  );
}
