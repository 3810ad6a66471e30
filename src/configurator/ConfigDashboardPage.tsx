import { Alert, Box, Card, CardContent, LinearProgress, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ConfigContact, ConfigDetail, ConfigStage } from './api';
import { ConfigProgress, StateChip } from './parts';
import { useConfig } from './useConfig';

/** The dealer's sections in `order`, grouped by `group` (groups in the order of their first section). */
export function groupStages(stages: ConfigStage[]): Array<{ group: string; stages: ConfigStage[] }> {
  const groups = new Map<string, ConfigStage[]>();
  for (const stage of [...stages].sort((a, b) => a.order - b.order)) {
    if (stage.audience === 'internal') continue;
    const list = groups.get(stage.group) ?? [];
    list.push(stage);
    groups.set(stage.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, stages: list }));
}

function Contact({ label, contact, testId }: { label: string; contact?: ConfigContact | null; testId: string }) {
  if (!contact) return null;
  return (
    <Card variant="outlined" sx={{ flex: '1 1 220px' }} data-testid={testId}>
      <CardContent>
        <Typography variant="overline">{label}</Typography>
        <Typography variant="subtitle1">{contact.name}</Typography>
        {contact.position && <Typography variant="body2" color="text.secondary">{contact.position}</Typography>}
        <Typography variant="body2">
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </Typography>
        {contact.telephone && <Typography variant="body2">{contact.telephone}</Typography>}
      </CardContent>
    </Card>
  );
}

function Sections({ config }: { config: ConfigDetail }) {
  const { t } = useTranslation(['common', 'configurator']);
  const anyLocked = config.stages.some((s) => !s.open && s.audience !== 'internal');
  return (
    <Stack spacing={2}>
      {anyLocked && (
        <Alert severity="info" icon={<LockIcon />} data-testid="config-locked-notice">
          {t('configPages.locked')}
        </Alert>
      )}
      {groupStages(config.stages).map(({ group, stages }) => (
        <Paper key={group} variant="outlined" component="section" aria-label={t(group)}>
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t(group)}
          </Typography>
          <List dense>
            {stages.map((stage) => (
              <ListItem key={stage.slug} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={`/configurator/${config.id}/${stage.slug}`}
                  disabled={!stage.open}
                  aria-disabled={!stage.open}
                  data-testid={`section-${stage.slug}`}
                  data-state={stage.state}
                  sx={{ gap: 1, flexWrap: 'wrap' }}
                >
                  {!stage.open && <LockIcon fontSize="small" aria-label={t('configPages.lockedShort')} />}
                  <ListItemText primary={t(stage.title)} secondary={stage.required ? undefined : t('configPages.optional')} />
                  <StateChip state={stage.state} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}

/** `/configurator/{id}/dashboard`: progress, every section by group with its state, and the contacts. */
export default function ConfigDashboardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { config, loading, failed } = useConfig(id);

  if (!config) {
    return (
      <Box data-testid="config-dashboard-page">
        {loading && <LinearProgress />}
        {failed && <Alert severity="error">{t('configPages.loadFailed')}</Alert>}
      </Box>
    );
  }
  return (
    <Box data-testid="config-dashboard-page" sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom data-testid="page-title">
        {config.name}
      </Typography>
      {config.company && <Typography color="text.secondary" gutterBottom>{config.company.name}</Typography>}
      <Box sx={{ my: 2 }}>
        <Typography variant="body2" gutterBottom>
          {t('configPages.progress')}
        </Typography>
        <ConfigProgress value={config.progress} testId="config-progress" />
      </Box>
      {config.complete && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="config-complete">
          {t('configPages.complete')}
        </Alert>
      )}
      <Sections config={config} />
      {(config.mail?.project_manager || config.mail?.account_manager) && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('configPages.contacts')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Contact label={t('configPages.projectManager')} contact={config.mail?.project_manager} testId="contact-project-manager" />
            <Contact label={t('configPages.accountManager')} contact={config.mail?.account_manager} testId="contact-account-manager" />
          </Stack>
        </Box>
      )}
    </Box>
  );
}
