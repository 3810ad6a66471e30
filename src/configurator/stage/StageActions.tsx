import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StageState } from '../../../engine';
import type { StageAbilities } from './lifecycle';

export interface StageActionsProps {
  abilities: StageAbilities;
  /** The stage's state as the server holds it (Save draft or Save). */
  state: StageState;
  /** A button's save is under way. */
  busy: boolean;
  /** Something is not acknowledged by the server yet (Reset has something to drop). */
  unsent: boolean;
  onAct(to: StageState): void | Promise<void>;
  onReset(): void;
  /** Asks, then resets the stage on the server to an empty draft (spec: reset returns to empty draft). */
  onStartAgain(): void;
}

/**
 * The editor's buttons below the form, as the lifecycle table allows the user: Save draft / Save,
 * Submit, Mark completed, Reopen, Reset (asks first; back to the last saved data) and Start again
 * (asks first; the server's reset to an empty draft). Outside the form: they change with the
 * save status, the form must not (issue 10).
 */
export function StageActions({ abilities, state, busy, unsent, onAct, onReset, onStartAgain }: StageActionsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
      {abilities.autosaveState && (
        <Button variant="outlined" disabled={busy} onClick={() => void onAct(abilities.autosaveState!)} data-testid="stage-save">
          {t(state === 'draft' ? 'configPages.saveDraft' : 'configPages.stagePage.save')}
        </Button>
      )}
      {abilities.canSubmit && (
        <Button variant="contained" disabled={busy} onClick={() => void onAct('submitted')} data-testid="stage-submit">
          {t('configPages.submit')}
        </Button>
      )}
      {abilities.canComplete && (
        <Button variant="contained" color="success" disabled={busy} onClick={() => void onAct('completed')} data-testid="stage-complete">
          {t('configPages.stagePage.markCompleted')}
        </Button>
      )}
      {abilities.canReopen && (
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => void onAct('draft')} data-testid="stage-reopen">
          {t('configPages.stagePage.reopen')}
        </Button>
      )}
      {!abilities.readonly && (
        <Button color="inherit" disabled={busy || !unsent} onClick={onReset} data-testid="stage-reset">
          {t('configPages.stagePage.reset')}
        </Button>
      )}
      {abilities.canStartAgain && (
        <Button color="error" disabled={busy} onClick={onStartAgain} data-testid="stage-start-again">
          {t('configPages.stagePage.startAgain')}
        </Button>
      )}
    </Box>
  );
}
