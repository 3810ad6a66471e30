import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InternalPageLayout } from '../../../contract/adminconfigs';
import { LocalNamesInput, namesTooLong } from '../../forms/LocalNamesInput';
import { saveLayout, WriteRefused, type LayoutDraft } from './api';
import { PageListEditor } from './PageListEditor';

/**
 * Create or edit one layout: its name and its ordered pages. The server checks everything again; its
 * refusals show under their fields (`name`, `names.fr-FR`, `pages.{i}.name` ...), or above the form when none is named. The
 * name and each page's name take words per locale (forms/LocalNamesInput.tsx).
 */
export function LayoutDialog({ initial, onClose, onSaved }: { initial: LayoutDraft; onClose: () => void; onSaved: (saved: InternalPageLayout) => void }) {
  const { t } = useTranslation(['configAdmin', 'errors']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<LayoutDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A name in another language said too long beside its field is not sent (the server would refuse it too).
    if (busy || namesTooLong(draft.names) || draft.pages.some((p) => namesTooLong(p.names))) return;
    setBusy(true);
    try {
      onSaved(await saveLayout(draft, t));
    } catch (error) {
      if (!(error instanceof WriteRefused)) throw error;
      setErrors(error.fields);
      setProblem(Object.keys(error.fields).length ? null : error.messages[0]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="layout-dialog-title" data-testid="layout-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="layout-dialog-title">{initial.id ? t('layouts.edit', { name: initial.name }) : t('layouts.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              label={t('layouts.name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'layout-name' } }}
            />
            <LocalNamesInput value={draft.names} onChange={(names) => setDraft({ ...draft, names })} errors={errors} disabled={busy} testId="layout-names" />
            <PageListEditor pages={draft.pages} onChange={(pages) => setDraft({ ...draft, pages })} errors={errors} disabled={busy} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('layouts.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="layout-save">
            {t('layouts.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
