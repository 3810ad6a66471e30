import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, Collapse, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setChoices } from '../model/edits';
import { ensureChoiceKey, setLabel } from '../model/texts';
import { type FieldPath, type JsonObject } from '../model/types';
import { LocaleTexts } from '../LocaleTexts';
import { useLiveTextOf } from '../useTextOf';
import { schemaAt } from '../model/tree';
import { pathId, type PanelProps } from './panelProps';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema holding the enum: the field's own, or a multi-choice's items. */
function enumHolder(file: unknown, path: FieldPath, multiple: boolean): JsonObject {
  const schema = schemaAt(file, path) ?? {};
  return multiple && isObject(schema.items) ? schema.items : schema;
}

/**
 * A choice's values in order (add, remove, move up / down) and each one's words per locale (under
 * the field's `enumLabels`: the dealer reads "United Kingdom", the data keeps `GB`).
 */
export function ChoicePanel({ store, file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const textOf = useLiveTextOf(store);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const schema = enumHolder(file, node.path, node.kind === 'multiChoice');
  const values = Array.isArray(schema.enum) ? schema.enum.map(String) : [];
  const prefix = typeof schema.enumLabels === 'string' ? schema.enumLabels : null;
  const id = pathId(node.path);
  const write = (next: string[]) => apply((d) => setChoices(d, node.path, next));
  const move = (i: number, by: number) => {
    const next = [...values];
    const [v] = next.splice(i, 1);
    next.splice(i + by, 0, v);
    write(next);
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (write([...values, value.trim()])) setValue('');
  };
  const words = (v: string) => (locale: string, text: string) =>
    apply((d) => {
      const made = ensureChoiceKey(d, node.path, v);
      return setLabel(made.draft, made.key, locale, text);
    });
  return (
    <Stack spacing={1} data-testid="panel-choice">
      <Typography variant="subtitle2" component="h4">
        {t(`${W}.choices.title`)}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t(`${W}.choices.title`)}>
        {values.map((v, i) => (
          <Box component="li" key={v} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }} data-testid="choice-row" data-value={v}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {(prefix && textOf(`${prefix}.${v}`)) || v}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {v}
                </Typography>
              </Box>
              <IconButton size="small" aria-label={t(`${W}.choices.words`, { value: v })} aria-expanded={open === v} onClick={() => setOpen(open === v ? null : v)}>
                <TranslateIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={t(`${W}.choices.up`, { value: v })} disabled={disabled || i === 0} onClick={() => move(i, -1)}>
                <KeyboardArrowUpIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={t(`${W}.choices.down`, { value: v })} disabled={disabled || i === values.length - 1} onClick={() => move(i, 1)}>
                <KeyboardArrowDownIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={t(`${W}.choices.remove`, { value: v })} disabled={disabled || values.length < 2} onClick={() => write(values.filter((x) => x !== v))} data-testid="choice-remove">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
            <Collapse in={open === v} unmountOnExit>
              <Box sx={{ pt: 1 }}>
                <LocaleTexts store={store} textKey={prefix ? `${prefix}.${v}` : null} label={t(`${W}.choices.wordsOf`, { value: v })} onChange={words(v)} disabled={disabled} idPrefix={`choice-${id}-${v}`} />
              </Box>
            </Collapse>
          </Box>
        ))}
      </Box>
      <Stack component="form" direction="row" onSubmit={add} sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label={t(`${W}.choices.value`)} value={value} onChange={(e) => setValue(e.target.value)} disabled={disabled} helperText={t(`${W}.choices.valueHelp`)} slotProps={{ htmlInput: { maxLength: 100, spellCheck: false, 'data-testid': `choice-value-${id}` } }} />
        <Button type="submit" size="small" variant="outlined" startIcon={<AddIcon />} disabled={disabled || !value.trim() || values.includes(value.trim())} data-testid={`choice-add-${id}`}>
          {t(`${W}.choices.add`)}
        </Button>
      </Stack>
    </Stack>
  );
}
