import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * The unsaved-changes prompt (spec section 2): while `when` is true, leaving the page inside the
 * app asks first, and closing or reloading the tab gets the browser's own warning.
 *
 * @example <UnsavedChangesPrompt when={form.isDirty} />
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} data-testid="unsaved-changes-prompt" aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
