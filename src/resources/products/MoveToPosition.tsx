import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from './productRow';

/** "Move to position" for one row: the server's refusal ('Value must be more than 0') shows under the box. */
export function MoveTo({ row, onMove }: { row: ProductRow; onMove: (row: ProductRow, to: number) => Promise<string | null> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || busy) return;
    setBusy(true);
    const problem = await onMove(row, Number(value));
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
        placeholder={String(row.order_column)}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { 'aria-label': t('productsAdmin.moveToNamed', { name: row.name }), step: 1, inputMode: 'numeric' } }}
        sx={{ width: 88, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal', width: 160 } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={busy || value.trim() === ''} aria-label={t('productsAdmin.moveNamed', { name: row.name })} sx={{ minWidth: 0, mt: 0.25 }}>
        {t('productsAdmin.move')}
      </Button>
    </Box>
  );
}
