import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, AlertTitle, Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VerifyDocumentAnswer } from '../../../contract/agreements';
import { formatDateTime } from '../../i18n/format';

/**
 * The answer of "Verify a document" in words (issue 57): issued by the portal or not, the
 * agreement's reference (its guid, nothing else), final version or not, and each signature intact
 * or broken, made by the portal or not; then the file's SHA-256, to compare with the trail's.
 */
export function VerifyResult({ answer, fileName }: { answer: VerifyDocumentAnswer; fileName: string }) {
  const { t, i18n } = useTranslation('agreementForm');
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' } as const;
  return (
    <Box data-testid="verify-result" data-issued={String(answer.issued)} data-final={String(answer.final)} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('verify.file', { name: fileName })}
      </Typography>
      <Alert severity={answer.issued ? 'success' : 'error'} data-testid="verify-verdict">
        <AlertTitle>{t(answer.issued ? 'verify.issued' : 'verify.notIssued')}</AlertTitle>
        {answer.issued ? (
          <>
            {answer.agreement_guid && (
              <Box component="span" sx={{ display: 'block', ...mono }} data-testid="verify-reference">
                {t('verify.reference', { guid: answer.agreement_guid })}
              </Box>
            )}
            <Box component="span" sx={{ display: 'block' }} data-testid="verify-final">
              {t(answer.final ? 'verify.final' : 'verify.notFinal')}
            </Box>
          </>
        ) : (
          t('verify.notIssuedText')
        )}
      </Alert>
      <Box component="section" aria-labelledby="verify-signatures-title">
        <Typography id="verify-signatures-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('verify.signatures')}
        </Typography>
        {!answer.signatures.length && <Typography variant="body2">{t('verify.noSignatures')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {answer.signatures.map((s, i) => (
            <Box component="li" key={i} data-testid="verify-signature" data-intact={String(s.intact)} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              {s.intact ? <CheckCircleIcon color="success" aria-hidden /> : <CancelIcon color="error" aria-hidden />}
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t('verify.signature', { n: i + 1, name: s.name ?? t('verify.unnamed') })}
                </Typography>
                {s.signed_at && (
                  <Typography component="time" variant="caption" color="text.secondary" dateTime={s.signed_at}>
                    {formatDateTime(s.signed_at, i18n.language)}
                  </Typography>
                )}
              </Box>
              <Chip size="small" color={s.intact ? 'success' : 'error'} label={t(s.intact ? 'verify.intact' : 'verify.broken')} sx={{ maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal' }, height: 'auto', py: 0.25 }} />
              <Chip size="small" variant="outlined" label={t(s.by_portal ? 'verify.byPortal' : 'verify.notByPortal')} />
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={mono}>
        {t('verify.sha', { sha: answer.sha256 })}
      </Typography>
    </Box>
  );
}
