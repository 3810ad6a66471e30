import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_RECIPIENTS, type NotificationRecipient } from '../../contract/tracker';

/** Whom a notification template mails, as checkboxes in the contract's order (at least one). */
export function RecipientsPicker({ value, onChange, error }: { value: NotificationRecipient[]; onChange: (next: NotificationRecipient[]) => void; error?: string }) {
  const { t } = useTranslation('tasks');
  const toggle = (r: NotificationRecipient, on: boolean) => onChange(NOTIFICATION_RECIPIENTS.filter((x) => (x === r ? on : value.includes(x))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} data-testid="recipients">
      <FormLabel component="legend">{t('notifications.recipients')}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {NOTIFICATION_RECIPIENTS.map((r) => (
          <FormControlLabel key={r} control={<Checkbox checked={value.includes(r)} onChange={(e) => toggle(r, e.target.checked)} />} label={t(`recipients.${r}`)} />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? t('notifications.recipientsHelp')}</FormHelperText>
    </FormControl>
  );
}
