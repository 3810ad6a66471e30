import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AgreementStage } from '../../contract/agreements';

const COLOURS = { created: 'default', sent: 'warning', signed: 'success', declined: 'error', voided: 'default' } as const;
// MUI's orange with white text is 3.2:1, under WCAG AA for small text: a darker orange (6:1).
const SENT = { bgcolor: '#9a4a00', color: '#fff' } as const;

/** The agreement's stage as a chip (created, sent for signature, signed), and archived beside it. */
export function AgreementStageChip({ stage, archived = false }: { stage: AgreementStage; archived?: boolean }) {
  const { t } = useTranslation('agreementForm');
  return (
    <>
      <Chip size="small" color={COLOURS[stage]} label={t(`stages.${stage}`)} data-testid="agreement-stage" sx={{ fontWeight: 500, ...(stage === 'sent' ? SENT : {}) }} />
      {archived && <Chip size="small" variant="outlined" label={t('stages.archived')} sx={{ ml: 0.5 }} />}
    </>
  );
}
