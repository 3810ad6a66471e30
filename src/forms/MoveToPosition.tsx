import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';

export interface MoveToPositionProps {
  /** The row's current 1-based position (the box's placeholder). */
  position: number;
  /** Moves the row to `to`; answers the server's refusal ('Value must be more than 0', 'Value cannot be more than N') or null. */
  onMove: (to: number) => Promise<string | null>;
  /** The box's and the button's accessible names ("Move Kick-off call to position"), and the button's text. */
  labels: { input: string; button: string; text: string };
}

/**
 * "Move to position" for one row of a sortable list (spec section 5: products, task templates,
 * stages, types): a number box and a button; the server's refusal shows under the box, in its words.
 */
export function MoveToPosition({ position, onMove, labels }: MoveToPositionProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || busy) return;
    setBusy(true);
    const problem = await onMove(Number(value));
    setBusy(false);
    setError(problem);
    if (!problem) setValue('');
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }} noValidate>
      <TextField
        size="small"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={String(position)}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { 'aria-label': labels.input, step: 1, inputMode: 'numeric' } }}
        sx={{ width: 88, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal', width: 160 } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={busy || value.trim() === ''} aria-label={labels.button} sx={{ minWidth: 0, mt: 0.25 }}>
        {labels.text}
      </Button>
    </Box>
  );
}
