import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissingTranslation, PublishProblem } from '../../../contract/catalogue';

export interface PublishDialogProps {
  /** The version publishing makes. */
  version: number;
  problems: readonly PublishProblem[];
  missing: readonly MissingTranslation[];
  /** A refusal to show above the note (the server's words). */
  refused?: string | null;
  onClose(): void;
  /** Publishes with the note; resolves when done (the dialog stays open on a refusal). */
  onPublish(note: string): Promise<unknown>;
}

/** Problems as a list, each with the place in the file it names. */
export function ProblemList({ problems, testId = 'problem-list' }: { problems: readonly PublishProblem[]; testId?: string }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid={testId}>
      {problems.map((p, i) => (
        <li key={i}>
          <Typography variant="body2" component="span">
            {p.field ? (
              <Box component="code" sx={{ fontSize: 12, mr: 0.75 }}>
                {p.field}
              </Box>
            ) : null}
            {p.detail}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** The texts a locale lacks, grouped by locale ("fr-BE: fields.x, fields.y"). */
export function MissingList({ missing }: { missing: readonly MissingTranslation[] }) {
  const byLocale = new Map<string, string[]>();
  for (const m of missing) byLocale.set(m.locale, [...(byLocale.get(m.locale) ?? []), m.key]);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="missing-list">
      {[...byLocale].map(([locale, keys]) => (
        <li key={locale}>
          <Typography variant="body2" component="span">
            <strong>{locale}</strong>: {keys.join(', ')}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * Publish the draft as the next version: a note saying what changed, the texts some locales lack
 * (listed, not refused: they fall back to English), and the problems that refuse a publish, which
 * keep the button disabled until the draft is corrected and saved. Version 1 is only ever a stage
 * born in the editor (a shipped stage's version 1 is its file): its first publish, with nothing
 * before it, so the dialog says so and asks what the stage is for rather than what changed.
 */
export function PublishDialog({ version, problems, missing, refused, onClose, onPublish }: PublishDialogProps) {
  const { t } = useTranslation('configAdmin');
  const first = version === 1;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || problems.length || !note.trim()) return;
    setBusy(true);
    try {
      await onPublish(note.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="publish-dialog-title" data-testid="publish-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="publish-dialog-title">{first ? t('stages.born.publishTitle') : t('stages.publish.title', { version })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {first && (
              <Typography variant="body2" data-testid="publish-first">
                {t('stages.born.firstPublish')}
              </Typography>
            )}
            {refused && <Alert severity="error">{refused}</Alert>}
            {problems.length > 0 && (
              <Alert severity="error" data-testid="publish-problems">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('stages.publish.problems', { count: problems.length })}
                </Typography>
                <ProblemList problems={problems} />
              </Alert>
            )}
            {missing.length > 0 ? (
              <Alert severity="warning" data-testid="publish-missing">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('stages.publish.missing')}
                </Typography>
                <MissingList missing={missing} />
              </Alert>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('stages.publish.allTranslated')}
              </Typography>
            )}
            <TextField
              label={first ? t('stages.born.note') : t('stages.publish.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              required
              autoFocus
              multiline
              minRows={2}
              helperText={first ? t('stages.born.noteHelp') : t('stages.publish.noteHelp')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'publish-note' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('stages.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || problems.length > 0 || !note.trim()} data-testid="publish-confirm">
            {first ? t('stages.born.confirm') : t('stages.publish.confirm', { version })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
