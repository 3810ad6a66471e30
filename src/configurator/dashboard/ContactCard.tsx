import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import MailIcon from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../http';
import type { ConfigContact, MailResult, MailType } from '../api';
import { useMailContact } from '../useConfigWrites';

export interface ContactCardProps {
  configGuid: string;
  type: MailType;
  label: string;
  contact?: ConfigContact | null;
  /** Staff see the card (and may try the mail) even when nobody is assigned. */
  showEmpty?: boolean;
}

/** A project or account manager (Contact shape) with a "Send email" action through the mail outbox. */
export function ContactCard({ configGuid, type, label, contact, showEmpty }: ContactCardProps) {
  const { t } = useTranslation(['common', 'errors']);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const mail = useMailContact(configGuid, type);
  const busy = mail.isPending;
  const [result, setResult] = useState<MailResult['data'] | { status: 'error'; text: string }>();
  if (!contact && !showEmpty) return null;
  const testId = `contact-${type.replace('_', '-')}`;

  const send = async () => {
    try {
      const r = await mail.mutateAsync(message.trim() || undefined);
      if (r) setResult(r.data);
      setOpen(false);
      setMessage('');
    } catch (err) {
      setResult({ status: 'error', text: err instanceof HttpError ? err.messages.join(' ') : t('errors:unknown_error') });
      setOpen(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ flex: { sm: '1 1 260px' }, display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="overline">{label}</Typography>
        {contact ? (
          <>
            <Typography variant="subtitle1">{contact.name}</Typography>
            {contact.position && <Typography variant="body2" color="text.secondary">{contact.position}</Typography>}
            <Typography variant="body2">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </Typography>
            {contact.telephone && <Typography variant="body2">{contact.telephone}</Typography>}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('configPages.dashboard.notAssigned')}
          </Typography>
        )}
        {result && (
          <Box sx={{ mt: 1.5 }} data-testid={`${testId}-mail-result`} data-status={result.status}>
            {result.status === 'sent' ? (
              <Alert severity="success">{t('errors:configs.mail_sent')}</Alert>
            ) : (
              <Alert severity="error">
                {result.status === 'error' ? result.text : t('errors:configs.mail_failed')}
                {result.status === 'failure' && result.failures.length > 0 && (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {result.failures.map((f) => (
                      <li key={f}>{t(`configPages.dashboard.failures.${f}`, { defaultValue: f })}</li>
                    ))}
                  </Box>
                )}
              </Alert>
            )}
          </Box>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" startIcon={<MailIcon />} onClick={() => setOpen(true)} data-testid={`${testId}-mail`}>
          {t('configPages.dashboard.sendEmail')}
        </Button>
      </CardActions>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`${testId}-mail-title`}>
        <DialogTitle id={`${testId}-mail-title`}>{t('configPages.dashboard.mailTitle', { name: contact?.name ?? label })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('configPages.dashboard.mailMessage')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={4}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': `${testId}-mail-message` } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('configPages.dialog.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void send()} disabled={busy} data-testid={`${testId}-mail-send`}>
            {t('configPages.dashboard.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
