import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import { useConfiguratorT } from '../i18n';

/** What a move asks of the table: the spec's message key (and its params) when refused, else null. */
export type MoveResult = { key: string; message: string; params?: Record<string, unknown> } | null;

interface MoveToPositionProps {
  /** 1-based position of this row in the data (shown in the button's label). */
  row: number;
  /** Moves this row to a typed 1-based position; returns why not, or null when it moved. */
  onMove: (position: number) => MoveResult;
}

/**
 * "Move to…" for one table row: a button opening a small popover with a number input and a Move
 * button (Enter also moves). The table checks the value (`checkTargetPosition`); a refused value keeps
 * the popover open with the spec's message and moves nothing.
 * @example <MoveToPosition row={3} onMove={(p) => moveRow(2, p)} />
 */
export function MoveToPosition({ row, onMove }: MoveToPositionProps) {
  const t = useConfiguratorT();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<MoveResult>(null);
  const inputId = useId();

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = () => {
    // '' and anything not a number count as "not more than 0".
    const result = onMove(value.trim() === '' ? Number.NaN : Number(value));
    if (result) setError(result);
    else close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // The popover is portalled but still inside rjsf's form in React's tree: never let Enter submit it.
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      submit();
    }
  };

  const moveLabel = t('form.moveTo', { defaultValue: 'Move row {{row}} to position', row });
  return (
    <>
      {/* The icon alone says nothing: its name shows on hover and focus. */}
      <Tooltip title={moveLabel}>
        <IconButton
          ref={anchor}
          size="small"
          aria-label={moveLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            setValue(String(row));
            setOpen(true);
          }}
        >
          <LowPriorityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': moveLabel } }}
      >
        <Box sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            id={inputId}
            size="small"
            type="number"
            autoFocus
            label={t('form.position', { defaultValue: 'Position' })}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            error={Boolean(error)}
            helperText={error ? t(error.key, { defaultValue: error.message, ...error.params }) : undefined}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            sx={{ width: 150 }}
          />
          <Button variant="contained" size="small" sx={{ mt: 0.5 }} onClick={submit}>
            {t('form.move', { defaultValue: 'Move' })}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
