import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * The unsaved-changes prompt (spec section 2): while `when` is true, leaving the page inside the
 * app asks first, and closing or reloading the tab gets the browser's own warning. The one prompt of
 * the app: the stage editor, register and every react-admin form (forms/FormUnsavedChanges.tsx).
 *
 * `leaveOnceSaved`: a navigation held while the changes were unsaved goes on by itself once they
 * are saved. A form whose save itself opens another page (Create then the new record) needs it: the
 * redirect comes before the form knows it was saved.
 *
 * @example <UnsavedChangesPrompt when={form.isDirty} />
 */
export function UnsavedChangesPrompt({ when, leaveOnceSaved = false }: { when: boolean; leaveOnceSaved?: boolean }) {
  const [holding, setHolding] = useState(false);
  const [lingering, setLingering] = useState(false);
  useEffect(() => {
    if (when) {
      setLingering(true);
      return;
    }
    // The blocker stays a moment after the changes are saved: a save that opens another page
    // (Create, then the new record) is blocked in the same render as the form turns clean, and
    // removing the blocker then would drop that navigation instead of letting it go on.
    const timer = setTimeout(() => setLingering(false), 1000);
    return () => clearTimeout(timer);
  }, [when]);
  // The router's blocker exists only while there is something to lose (or a navigation is held): a
  // registered blocker, even one that lets everything through, makes React Router warn on every
  // address the user types ("a blocker on a POP navigation ... will fail silently in production").
  return when || holding || lingering ? <Blocking when={when} leaveOnceSaved={leaveOnceSaved} onHolding={setHolding} /> : null;
}

function Blocking({ when, leaveOnceSaved, onHolding }: { when: boolean; leaveOnceSaved: boolean; onHolding: (holding: boolean) => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  const held = blocker.state === 'blocked';

  useEffect(() => {
    onHolding(held);
    if (held && !when && leaveOnceSaved) blocker.proceed?.();
    // The blocker object is new on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held, when, leaveOnceSaved, onHolding]);

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
    <UnsavedChangesDialog open={held && (when || !leaveOnceSaved)} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
  );
}

/**
 * The app's one "changes not saved" question, for a navigation held above and for closing a form
 * that lives in a dialog (a category's term): Stay keeps the changes, Leave drops them.
 * @example <UnsavedChangesDialog open={asking} onStay={() => setAsking(false)} onLeave={close} />
 */
export function UnsavedChangesDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onStay} data-testid="unsaved-changes-prompt" aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="error" onClick={onLeave}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
