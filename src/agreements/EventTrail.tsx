import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AgreementEvent } from '../../contract/agreements';
import { formatDateTime } from '../i18n/format';

export interface EventTrailProps {
  events: AgreementEvent[];
  /** Open at first (stories; the page opens it on request). */
  defaultExpanded?: boolean;
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8rem' } as const;

/**
 * The agreement's append-only trail (issue 57), oldest first: what happened, when (in the reader's
 * locale), who, their email, IP address and device, the document's SHA-256 where the event has one
 * and the reason of a decline or void. The same list ends the signed PDF (its certificate page).
 * Folded by default: the order form is what most readers come for.
 */
export function EventTrail({ events, defaultExpanded = false }: EventTrailProps) {
  const { t, i18n } = useTranslation('agreementForm');
  const unknown = t('trail.unknown');
  return (
    <Accordion variant="outlined" defaultExpanded={defaultExpanded} disableGutters sx={{ mt: 3 }} data-testid="agreement-trail" slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="agreement-trail-content" id="agreement-trail-header">
        <Typography component="span" variant="h6">
          {t('trail.show', { count: events.length })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="agreement-trail-content">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('trail.intro')}
        </Typography>
        {!events.length && <Typography variant="body2">{t('trail.empty')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {events.map((e) => (
            <Box component="li" key={e.id} data-testid="agreement-event" data-kind={e.kind} sx={{ borderLeft: 3, borderColor: e.kind === 'declined' || e.kind === 'voided' ? 'error.main' : 'primary.main', pl: 1.5 }}>
              <Typography variant="subtitle2" component="h3">
                {t(`trail.kinds.${e.kind}`)}{' '}
                <Typography component="time" variant="body2" color="text.secondary" dateTime={e.at}>
                  {formatDateTime(e.at, i18n.language)}
                </Typography>
              </Typography>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' }, columnGap: 2, '& dt': { color: 'text.secondary', fontSize: '0.8rem', mt: { xs: 0.5, sm: 0 } }, '& dd': { m: 0, fontSize: '0.875rem', overflowWrap: 'anywhere' } }}>
                <dt>{t('trail.person')}</dt>
                <dd>{e.name ?? unknown}</dd>
                <dt>{t('trail.email')}</dt>
                <dd>{e.email ?? unknown}</dd>
                <dt>{t('trail.ip')}</dt>
                <dd>{e.ip ?? unknown}</dd>
                <dt>{t('trail.userAgent')}</dt>
                <dd>{e.user_agent ?? unknown}</dd>
                {e.document_sha256 && (
                  <>
                    <dt>{t('trail.hash')}</dt>
                    <Box component="dd" sx={mono}>
                      {e.document_sha256}
                    </Box>
                  </>
                )}
                {e.reason && (
                  <>
                    <dt>{t('trail.reason')}</dt>
                    <Box component="dd" sx={{ whiteSpace: 'pre-wrap' }}>
                      {e.reason}
                    </Box>
                  </>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
