import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, NOTIFICATION_KINDS, type DeliveryChannel, type NotificationKind } from '../../contract/notifications';
import type { Preferences } from './api';

/** What the last Save gave: the success text, or the words of the refusal. */
export interface SaveOutcome {
  severity: 'success' | 'error';
  messages: string[];
}

export interface PreferencesFormProps {
  /** Every kind with the person's channel, as the server answered. */
  initial: Preferences;
  saving?: boolean;
  outcome?: SaveOutcome | null;
  /** Every kind with the channel chosen on screen. */
  onSave(preferences: Preferences): void;
}

/**
 * Each kind of event with its name, a line saying what it is, and a choice of channel (a radio group
 * named by the kind, described by its line), then Save with what it gave. The groups lay their
 * choices in a row beside the kind on a wide screen and stack them on a phone.
 */
export function PreferencesForm({ initial, saving = false, outcome = null, onSave }: PreferencesFormProps) {
  const { t } = useTranslation('notifications');
  const [chosen, setChosen] = useState<Preferences>(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(chosen);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 960 }} data-testid="notification-preferences">
      <Typography sx={{ mb: 2 }}>{t('preferences.intro')}</Typography>
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} spacing={2}>
        {NOTIFICATION_KINDS.map((kind) => (
          <KindChoice key={kind} kind={kind} value={chosen[kind]} onChange={(channel) => setChosen((old) => ({ ...old, [kind]: channel }))} />
        ))}
      </Stack>
      {outcome ? (
        <Alert severity={outcome.severity} role={outcome.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 3 }} data-testid={`preferences-${outcome.severity}`}>
          {outcome.messages.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 3 }} data-testid="preferences-save">
        {t('preferences.save')}
      </Button>
    </Box>
  );
}

function KindChoice({ kind, value, onChange }: { kind: NotificationKind; value: DeliveryChannel; onChange(channel: DeliveryChannel): void }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'center' }, gap: { xs: 1, md: 2 } }} data-testid={`preference-${kind}`}>
      <Box sx={{ flex: { md: '0 0 38%' } }}>
        <Typography id={`${id}-name`} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t(`kinds.${kind}.name`)}
        </Typography>
        <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
          {t(`kinds.${kind}.hint`)}
        </Typography>
      </Box>
      {/* A radio group named by the kind and described by its line: a screen reader says both on entering it. */}
      <RadioGroup
        name={`preference-${kind}`}
        value={value}
        onChange={(e) => onChange(e.target.value as DeliveryChannel)}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-hint`}
        sx={{ flexDirection: { xs: 'column', sm: 'row' } }}
      >
        {DELIVERY_CHANNELS.map((channel) => (
          <FormControlLabel key={channel} value={channel} control={<Radio />} label={t(`channels.${channel}`)} />
        ))}
      </RadioGroup>
    </Box>
  );
}
