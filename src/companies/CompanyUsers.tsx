import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, Form, ReferenceInput, useDataProvider, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PortalDataProvider } from '../data/dataProvider';

type Member = { id: number; name: string; email: string; primary?: boolean };

/**
 * The company's users on its profile: who is assigned, and for those who may manage companies,
 * assign another user ('User Added', or 'User is already assigned') and remove one ('User Removed').
 * The calls are the provider's named methods (they do not fit simple-rest).
 */
export function CompanyUsers({ canManage }: { canManage: boolean }) {
  const record = useRecordContext<RaRecord & { guid: string; users?: Member[] }>();
  const { t } = useTranslation(['common', 'errors']);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const members = record.users ?? [];

  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await call();
      notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || t('errors:unknown_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="company-users-title" sx={{ p: 2 }} data-testid="company-users">
      <Typography variant="h6" component="h2" id="company-users-title">
        {t('companiesAdmin.users.title')}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">{t('companiesAdmin.users.none')}</Typography>
      ) : (
        <List dense>
          {members.map((user) => (
            <ListItem
              key={user.id}
              divider
              secondaryAction={
                canManage ? (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<PersonRemoveIcon />}
                    disabled={busy}
                    aria-label={t('companiesAdmin.users.removeNamed', { name: user.name })}
                    onClick={() => run(() => dataProvider.removeCompanyUser({ company: record.guid, userId: user.id }), t('errors:companies.user_removed'))}
                  >
                    {t('companiesAdmin.users.remove')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} alignItems="center">
                    <span>{user.name}</span>
                    {user.primary ? <Chip size="small" label={t('companiesAdmin.users.primary')} /> : null}
                  </Stack>
                }
                secondary={user.email}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canManage ? (
        <Form
          key={members.length}
          onSubmit={(values: Record<string, unknown>) =>
            values.user_id ? run(() => dataProvider.assignCompanyUser({ company: record.guid, userId: values.user_id as number }), t('errors:companies.user_added')) : undefined
          }
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
            <ReferenceInput source="user_id" reference="users" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
              <AutocompleteInput
                label={t('companiesAdmin.users.pick')}
                optionText={(u: Member) => `${u.name} (${u.email})`}
                filterToQuery={(q: string) => ({ q })}
                helperText={false}
                sx={{ minWidth: 320 }}
              />
            </ReferenceInput>
            <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} disabled={busy}>
              {t('companiesAdmin.users.assign')}
            </Button>
          </Stack>
        </Form>
      ) : null}
    </Box>
  );
}
