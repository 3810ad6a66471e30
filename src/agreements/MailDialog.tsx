import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementDetail, MailData } from './api';

const FIELDS: readonly (keyof MailData)[] = ['username', 'editionsurl', 'regionTelephone', 'keyContact'];

/**
 * The welcome mail (spec section 10): to the dealer's contact, with the words the mail fills in,
 * prefilled from the order form (the contact's name, the website, the salesperson as key contact).
 */
export function MailDialog({ agreement, open, busy, onClose, onSend }: { agreement: AgreementDetail; open: boolean; busy: boolean; onClose(): void; onSend(to: string, data: MailData): void }) {
  const { t } = useTranslation('agreementForm');
  const details = agreement.company_details;
  const [to, setTo] = useState(details.contact_email ?? '');
  const [data, setData] = useState<MailData>({
    username: details.contact_name ?? '',
    editionsurl: details.website_address ?? '',
    regionTelephone: '',
    keyContact: agreement.salesperson?.name ?? '',
  });
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to.trim());
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="mail-dialog-title" data-testid="mail-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="mail-dialog-title">{t('mail.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('mail.to')} type="email" value={to} required onChange={(e) => setTo(e.target.value)} error={!valid && to !== ''} helperText={!valid && to !== '' ? t('mail.badAddress') : ' '} slotProps={{ htmlInput: { 'data-testid': 'mail-to' } }} />
          {FIELDS.map((field) => (
            <TextField key={field} label={t(`mail.fields.${field}`)} value={data[field]} onChange={(e) => setData((d) => ({ ...d, [field]: e.target.value }))} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" disabled={busy || !valid} onClick={() => onSend(to.trim(), data)} data-testid="mail-send">
          {t('actions.sendMail')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
