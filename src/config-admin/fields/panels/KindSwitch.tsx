import { Alert, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { kindWords } from '../editErrorText';
import { cascadesOfField, hasCascade } from '../../rules/cascadeModel';
import { changeKind, dataEffect, kindChanges, kindTargetOf, type KindTarget } from '../model/kinds';
import { pathId, type PanelProps } from './panelProps';

/** Changes that change the data's shape: what reads the value (conditions, rules, checks) may need a look. */
const SHAPE_CHANGES = new Set(['oneToList', 'listToOne', 'mustBeAChoice']);

/**
 * "Change to…": the kinds this field can become (model/kinds.ts), what the change means for
 * dealers' saved answers in words, and a confirm. Nothing is written until staff confirm; a text
 * becoming a choice asks for its values first (a choice without values is refused by JSON Schema).
 * The field keeps its name, place, texts, required and conditions; the panel then shows the new kind.
 */
export function KindSwitch({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const [target, setTarget] = useState<KindTarget | ''>('');
  const [values, setValues] = useState('');
  const targets = kindChanges(file, node);
  const from = kindTargetOf(file, node);
  if (!targets.length || !from) return null;
  const id = pathId(node.path);
  const effect = target ? dataEffect(from, target) : null;
  const needsValues = target === 'choice' && from === 'text';
  const cascades = target.startsWith('optionsFrom') ? cascadesOfField(file, node.path) : null;
  const hasCascades = !!cascades && (hasCascade(file, cascades.strip) || (!!cascades.sole && hasCascade(file, cascades.sole)));
  const choices = values.split('\n').map((v) => v.trim()).filter(Boolean);
  const confirm = () => {
    if (!target) return;
    if (apply((d) => changeKind(d, node.path, target, needsValues ? { choices } : {}))) {
      setTarget('');
      setValues('');
    }
  };
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`kind-switch-title-${id}`} data-testid="panel-kind-switch">
      <Divider />
      <Typography variant="subtitle2" component="h4" id={`kind-switch-title-${id}`}>
        {t(`${W}.kindSwitch.title`)}
      </Typography>
      <TextField
        select
        size="small"
        label={t(`${W}.kindSwitch.label`)}
        value={target}
        onChange={(e) => setTarget(e.target.value as KindTarget | '')}
        disabled={disabled}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `kind-switch-${id}` } }}
      >
        <option value="">{t(`${W}.kindSwitch.placeholder`, { kind: kindWords(t, from) })}</option>
        {targets.map((k) => (
          <option key={k} value={k}>
            {kindWords(t, k)}
          </option>
        ))}
      </TextField>
      {target && effect && (
        <>
          {needsValues && (
            <TextField
              multiline
              minRows={3}
              size="small"
              label={t(`${W}.kindSwitch.choicesLabel`)}
              helperText={t(`${W}.kindSwitch.choicesHelp`)}
              value={values}
              onChange={(e) => setValues(e.target.value)}
              disabled={disabled}
              slotProps={{ htmlInput: { 'data-testid': 'kind-switch-choices' } }}
            />
          )}
          <Alert severity={effect === 'kept' ? 'info' : 'warning'} data-testid="kind-switch-effect" data-effect={effect}>
            {t(`${W}.kindSwitch.effects.${effect}`)} {t(`${W}.kindSwitch.keeps`)}
            {SHAPE_CHANGES.has(effect) && <> {t(`${W}.kindSwitch.readers`)}</>}
            {hasCascades && <> {t(`${W}.kindSwitch.cascade`)}</>}
          </Alert>
          <div>
            <Button variant="contained" size="small" onClick={confirm} disabled={disabled || (needsValues && !choices.length)} data-testid="kind-switch-confirm">
              {t(`${W}.kindSwitch.confirm`, { kind: kindWords(t, target) })}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
