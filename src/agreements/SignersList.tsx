import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AgreementSigner } from '../../contract/agreements';
import { formatDateTime } from '../i18n/format';
import type { AgreementDetail } from './api';

const COLOURS = { waiting: 'default', current: 'warning', signed: 'success', declined: 'error' } as const;
// MUI's orange with white text is under WCAG AA for small text: the stage chip's darker orange.
const CURRENT = { bgcolor: '#9a4a00', color: '#fff' } as const;

export interface SignersListProps {
  agreement: Pick<AgreementDetail, 'signers' | 'turn' | 'routing' | 'company_name'>;
  /** The reader, to say "your turn" and "(you)". */
  viewerId?: number | null;
}

/**
 * The signers of the current sending in order (issue 57), each with their status in words: waiting,
 * their turn since when, signed when, declined; and above them whose turn it is. The open slot of a
 * sending that named nobody reads "any user of <company>".
 */
export function SignersList({ agreement, viewerId = null }: SignersListProps) {
  const { t, i18n } = useTranslation('agreementForm');
  const when = (at: string | null) => formatDateTime(at, i18n.language);
  const { signers, turn } = agreement;
  if (!signers.length) return null;
  const current = signers.filter((s) => turn?.signer_ids.includes(s.id));
  const mine = current.some((s) => s.user_id !== null && s.user_id === viewerId);
  const statusOf = (s: AgreementSigner) => {
    if (s.status === 'current') return t(s.user_id !== null && s.user_id === viewerId ? 'signers.status.currentYou' : 'signers.status.current', { date: when(s.turn_since) });
    if (s.status === 'signed') return t('signers.status.signed', { date: when(s.signed_at) });
    return t(`signers.status.${s.status}`);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="agreement-signers-title" sx={{ p: 2, mb: 2 }} data-testid="agreement-signers">
      <Typography id="agreement-signers-title" variant="h6" component="h2">
        {t('signers.listTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(agreement.routing === 'parallel' ? 'signers.routingParallelNote' : 'signers.routingSequentialNote')}
      </Typography>
      {turn && current.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }} data-testid="agreement-turn">
          {mine ? t('signers.turnYou', { date: when(turn.since) }) : t('signers.turn', { names: current.map((s) => s.name).join(', '), date: when(turn.since) })}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {signers.map((s, i) => (
          <Box
            component="li"
            key={s.id}
            data-testid="agreement-signer"
            data-status={s.status}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}
          >
            <Typography component="span" sx={{ fontWeight: 600, minWidth: '1.5em' }}>
              {i + 1}.
            </Typography>
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {s.name}
                  {s.user_id !== null && s.user_id === viewerId && ` (${t('signers.you')})`}
                </Typography>
                {s.role === 'countersigner' && <Chip size="small" variant="outlined" label={t('signers.countersignerRole')} />}
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {s.user_id === null && s.role === 'signer' ? t('signers.anyUser', { company: agreement.company_name }) : s.email}
              </Typography>
            </Box>
            <Chip size="small" color={COLOURS[s.status]} variant={s.status === 'waiting' ? 'outlined' : 'filled'} label={statusOf(s)} data-testid="agreement-signer-status" sx={{ fontWeight: 500, maxWidth: '100%', ...(s.status === 'current' ? CURRENT : {}) }} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
