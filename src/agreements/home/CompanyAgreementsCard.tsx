import DescriptionIcon from '@mui/icons-material/Description';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardActions, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasPermission } from '../../auth/permissions';
import { FRESH, answered } from '../../data/queryPolicies';
import { useSession } from '../../session/useSession';
import { companyAgreements } from '../api';
import { agreementEditPath, agreementsPath } from '../../routing/paths/agreements';
import { ExpiryChip } from '../ExpiryChip';
import { agreementKeys } from '../queryKeys';
import { AgreementStageChip } from '../../status/AgreementStageChip';

/**
 * Staff's card on a company's dashboard: that company's latest order forms with their stage, each
 * opening its form, and the full list. Only for staff who edit agreements (a dealer gets the
 * waiting-for-signature card instead); nothing while the company has none.
 */
export function CompanyAgreementsCard() {
  const { t } = useTranslation('agreementForm');
  const { user, company } = useSession();
  const staff = hasPermission(user, 'edit agreements') && Boolean(company);
  const { data } = useQuery({
    queryKey: agreementKeys.ofCompany(company?.id ?? 0, null),
    queryFn: async ({ signal }) => answered(await companyAgreements(company!.id, null, signal)),
    enabled: staff,
    ...FRESH,
  });
  if (!staff || !data?.length) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 480 }} data-testid="dashboard-company-agreements">
      <CardContent>
        <Typography variant="overline" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <DescriptionIcon fontSize="small" /> {t('home.companyTitle')}
        </Typography>
        <List dense disablePadding>
          {data.map((a) => (
            <ListItem key={a.id} disableGutters>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
                <Link component={RouterLink} to={agreementEditPath(a.id)} sx={{ flex: 1 }}>
                  {a.name}
                </Link>
                <ExpiryChip agreement={a} />
                <AgreementStageChip stage={a.stage} />
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`${agreementsPath}?filter=${encodeURIComponent(JSON.stringify({ company_id: company!.id }))}`} size="small">
          {t('home.companyAll')}
        </Button>
      </CardActions>
    </Card>
  );
}
