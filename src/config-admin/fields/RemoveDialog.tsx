import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from './editorTypes';

/** "Remove Opening hours?": what goes with it (its fields, texts stay, conditions on it go). */
export function RemoveDialog({ name, fields, onConfirm, onClose }: { name: string | null; fields: number; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation('configAdmin');
  return (
    <Dialog open={name !== null} onClose={onClose} aria-labelledby="remove-field-title" data-testid="remove-dialog">
      <DialogTitle id="remove-field-title">{t(`${W}.removeQuestion`, { name: name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{fields ? t(`${W}.removeTextInside`, { count: fields }) : t(`${W}.removeText`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${W}.cancel`)}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} data-testid="remove-confirm">
          {t(`${W}.removeConfirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
