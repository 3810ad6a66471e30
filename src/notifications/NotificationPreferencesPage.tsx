import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '../../contract/notifications';
import { answered, FRESH } from '../data/queryPolicies';
import { HttpError } from '../http';
import { PageHeading } from '../layout/PageHeading';
import { notificationsApi, type NotificationsApi, type Preferences } from './api';
import { PreferencesForm, type SaveOutcome } from './PreferencesForm';
import { notificationKeys } from './queryKeys';

/** The server's words of a failed request (already in the reader's language), else `fallback`. */
const wordsOf = (error: unknown, fallback: string) => (error instanceof HttpError && error.messages.length ? error.messages : [fallback]);

/**
 * The preferences of the signed-in person over `api` (the app's, or a test's): read, chosen, saved.
 * A save sends every kind; the answer (every kind as stored) becomes what the form started from, and
 * the success text or the server's words show under the choices.
 */
export function PreferencesScreen({ api }: { api: NotificationsApi }) {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const query = useQuery({ queryKey: notificationKeys.preferences(), queryFn: async ({ signal }) => answered(await api.preferences(signal)), ...FRESH });
  const save = useMutation({
    mutationFn: async (preferences: Preferences) => answered(await api.savePreferences(preferences)),
    retry: false,
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      client.setQueryData<NotificationPreferences>(notificationKeys.preferences(), { preferences: answer.preferences });
      // The catalogue's words by key (the server's `message` is its English text).
      setOutcome({ severity: 'success', messages: [t('errors:notifications.preferences_saved')] });
    },
    onError: (error) => setOutcome({ severity: 'error', messages: wordsOf(error, t('preferences.failed')) }),
  });

  if (query.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('preferences.retry')}
          </Button>
        }
        data-testid="preferences-load-error"
      >
        {wordsOf(query.error, t('preferences.loadFailed')).join(' ')}
      </Alert>
    );
  }
  if (!query.data) return <CircularProgress aria-label={t('preferences.loading')} />;
  return <PreferencesForm initial={query.data.preferences} saving={save.isPending} outcome={outcome} onSave={(preferences) => save.mutate(preferences)} />;
}

/** `/notifications/preferences`: how I hear of each kind of event (everyone signed in). */
export default function NotificationPreferencesPage() {
  return (
    <Box data-testid="notification-preferences-page">
      <PageHeading />
      <PreferencesScreen api={notificationsApi} />
    </Box>
  );
}
