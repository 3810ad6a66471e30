import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from './api';
import { useReview } from './reviewState';
import { byStatusThenAge, threadLabel, threadPreview } from './threadLabels';

/** One open thread as the dialog lists it. */
export interface OpenThreadLine {
  id: number;
  label: string;
  text: string;
}

export interface RequestChangesDialogProps {
  open: boolean;
  stageTitle: string;
  threads: readonly OpenThreadLine[];
  onClose(): void;
  /** Sends the request; true when the server took it (the dialog closes). */
  onConfirm(message: string): Promise<boolean>;
}

/** "Request changes to Locations": an optional message to the dealer and the open threads that go back with the stage. */
export function RequestChangesDialog({ open, stageTitle, threads, onClose, onConfirm }: RequestChangesDialogProps) {
  const { t } = useTranslation('common');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const send = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (await onConfirm(message)) {
        setMessage('');
        onClose();
      } else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="request-changes-dialog">
      <DialogTitle id={titleId}>{t('configPages.review.requestTitle', { stage: stageTitle })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('configPages.review.requestText')}
        </Typography>
        <TextField
          label={t('configPages.review.requestMessage')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          disabled={busy}
          error={message.length > COMMENT_MAX}
          slotProps={{ htmlInput: { 'data-testid': 'request-changes-message' } }}
        />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('configPages.review.openComments', { count: threads.length })}
        </Typography>
        {threads.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="request-changes-none">
            {t('configPages.review.requestNoOpen')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="request-changes-threads">
            {threads.map((th) => (
              <Typography component="li" variant="body2" key={th.id}>
                <strong>{th.label}</strong>
                {th.text ? `: ${th.text}` : ''}
              </Typography>
            ))}
          </Box>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('configPages.review.requestFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('configPages.review.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy || message.length > COMMENT_MAX} data-testid="request-changes-confirm">
          {t('configPages.review.requestChanges')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Request changes" in the heading: a reviewer ('review configs') on a submitted stage. */
export function RequestChangesButton({ stageTitle }: { stageTitle: string }) {
  const review = useReview();
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  if (!review?.abilities.requestChanges) return null;
  const lines = review.threads
    .filter((th) => th.status === 'open')
    .sort(byStatusThenAge)
    .map((th) => ({ id: th.id, label: threadLabel(th, review.scope.labelFor, t), text: threadPreview(th) }));
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)} data-testid="request-changes">
        {t('configPages.review.requestChanges')}
      </Button>
      <RequestChangesDialog open={open} stageTitle={stageTitle} threads={lines} onClose={() => setOpen(false)} onConfirm={review.requestChanges} />
    </>
  );
}

/**
 * Above the form, for a reader who does not review (the dealer) while the stage has open threads:
 * "Changes were requested: 3 open comments" (on a draft, as after a request for changes), each
 * thread a link that scrolls to its field and opens its panel.
 */
export function ChangesRequestedAlert() {
  const review = useReview();
  const { t } = useTranslation('common');
  if (!review || review.abilities.review) return null;
  const open = review.threads.filter((th) => th.status === 'open').sort(byStatusThenAge);
  const { request } = review;
  // A request with a message and no comment on a field still says what to change.
  if (open.length === 0 && !request) return null;
  const requested = review.scope.stageState === 'draft';
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="changes-requested">
      <Typography variant="subtitle2" component="p">
        {requested ? t('configPages.review.changesRequested', { count: open.length }) : t('configPages.review.openComments', { count: open.length })}
      </Typography>
      {request?.message ? (
        <Typography variant="body2" component="p" sx={{ mt: 0.5, whiteSpace: 'pre-line' }} data-testid="changes-requested-message">
          {request.by ? t('configPages.review.requestSaid', { name: request.by, message: request.message }) : request.message}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {open.map((th) => (
          <li key={th.id}>
            <Button
              variant="text"
              size="small"
              color="inherit"
              sx={{ textTransform: 'none', textDecoration: 'underline', p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start' }}
              onClick={() => (th.pointer === '' || th.orphaned ? review.openPanel(th.pointer, null) : review.showField(th.pointer))}
              data-testid="changes-requested-link"
            >
              {threadLabel(th, review.scope.labelFor, t)}
              {threadPreview(th, 80) ? `: ${threadPreview(th, 80)}` : ''}
            </Button>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
