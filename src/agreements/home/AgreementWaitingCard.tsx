import DrawIcon from '@mui/icons-material/Draw';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasPermission } from '../../auth/permissions';
import { FRESH, answered } from '../../data/queryPolicies';
import { useSession } from '../../session/useSession';
import { yourTurnAgreements } from '../api';
import { agreementPreviewPath } from '../../routing/paths/agreements';
import { isExpired } from '../expiry';
import { agreementKeys } from '../queryKeys';

/**
 * The dealer's dashboard card: "An order form waits for your signature", linking to its preview,
 * while their company has an agreement sent for signature, not expired, whose turn is theirs (the
 * server's `your_turn`, issue 57: one of its current signers is them, or it went to nobody by name
 * and any user of the company may sign it). Nothing for a signer whose turn has not come nor for a
 * user who is no signer, nothing for staff (they send, not sign) nor when there is none; a failed
 * read leaves the card out.
 */
export function AgreementWaitingCard() {
  const { t } = useTranslation('agreementForm');
  const { user, company } = useSession();
  const dealer = hasPermission(user, 'view agreements') && !hasPermission(user, 'edit agreements') && Boolean(company);
  const { data } = useQuery({
    queryKey: agreementKeys.yourTurn(company?.id ?? 0),
    queryFn: async ({ signal }) => answered(await yourTurnAgreements(company!.id, signal)),
    enabled: dealer,
    ...FRESH,
  });
  // An expired one waits for staff to send it again, not for the dealer (issue 55).
  const waiting = data?.find((a) => a.your_turn && !isExpired(a));
  if (!dealer || !waiting) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, borderColor: 'warning.main', borderWidth: 2 }} data-testid="dashboard-agreement-card">
      <CardContent>
        <Typography variant="overline" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <DrawIcon fontSize="small" /> {t('home.overline')}
        </Typography>
        <Typography variant="h6" component="p">
          {t('home.title')}
        </Typography>
        <Typography color="text.secondary">{waiting.name}</Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={agreementPreviewPath(waiting.id)} variant="contained" data-testid="dashboard-agreement-open">
          {t('home.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
