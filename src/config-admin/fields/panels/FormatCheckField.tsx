import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { FORMAT_CHECKS, patternProblem, SAFE_PATTERNS } from '../model/checks';
import { setSchemaKey } from '../model/edits';
import type { FieldPath, Json, JsonObject, StageDraftValue } from '../model/types';
import { SelectOption } from './controls';
import { pathId, type PanelProps } from './panelProps';

const OWN = 'own';
const NONE = '';
const fmt = (id: string) => `format:${id}`;
const pat = (id: string) => `pattern:${id}`;

/** Which check the schema has now: a format, a safe pattern, a pattern of staff's own, or none. */
function currentCheck(schema: JsonObject): string {
  const byFormat = FORMAT_CHECKS.find((c) => ('format' in c.schema ? schema.format === c.schema.format : schema.postcode !== undefined && schema.postcode === c.schema.postcode));
  if (byFormat) return fmt(byFormat.id);
  if (typeof schema.pattern === 'string') {
    const safe = SAFE_PATTERNS.find((p) => p.pattern === schema.pattern);
    return safe ? pat(safe.id) : OWN;
  }
  return NONE;
}

/** The draft with no check, then `keys` set: one check at a time. */
function withCheck(draft: StageDraftValue, path: FieldPath, keys: Record<string, Json>): StageDraftValue {
  let d = draft;
  for (const key of ['format', 'postcode', 'pattern']) if (!(key in keys)) d = setSchemaKey(d, path, key, undefined);
  for (const [key, value] of Object.entries(keys)) d = setSchemaKey(d, path, key, value);
  return d;
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/**
 * The text's format check: one of the engine's formats (postcode, URL, IPv4, ...), a named safe
 * pattern, or a pattern of staff's own, used only once it is safe and passes the samples typed
 * beside it (checked live; the samples are not stored, the pattern is).
 */
export function FormatCheckField({ node, apply, disabled, schema }: PanelProps & { schema: JsonObject }) {
  const { t } = useTranslation('configAdmin');
  const id = pathId(node.path);
  const current = currentCheck(schema);
  const [choice, setChoice] = useState(current);
  const [pattern, setPattern] = useState(current === OWN ? String(schema.pattern) : '');
  const [matches, setMatches] = useState('');
  const [rejects, setRejects] = useState('');
  const values = [NONE, ...FORMAT_CHECKS.map((c) => fmt(c.id)), ...SAFE_PATTERNS.map((p) => pat(p.id)), OWN];
  const wordsOf = (v: string) => {
    if (v === NONE) return t(`${W}.check.none`);
    if (v === OWN) return t(`${W}.check.own`);
    const [, name] = v.split(':');
    return v.startsWith('format:') ? t(`${W}.check.formats.${name}`, { defaultValue: name }) : t(`${W}.check.patterns.${name}`, { defaultValue: name });
  };
  const pick = (v: string) => {
    setChoice(v);
    if (v === OWN) return; // written once the pattern passes its samples
    const check = FORMAT_CHECKS.find((c) => fmt(c.id) === v);
    const safe = SAFE_PATTERNS.find((p) => pat(p.id) === v);
    apply((d) => withCheck(d, node.path, check ? (check.schema as Record<string, Json>) : safe ? { pattern: safe.pattern } : {}));
  };
  const problem = pattern ? patternProblem(pattern, lines(matches), lines(rejects)) : null;
  const untested = !lines(matches).length || !lines(rejects).length;
  return (
    <Stack spacing={1} data-testid={`check-${id}`}>
      <SelectOption label={t(`${W}.check.label`)} value={choice} values={values} wordsOf={wordsOf} onChange={pick} disabled={disabled} testId={`check-select-${id}`} />
      {choice === OWN && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField size="small" label={t(`${W}.check.pattern`)} value={pattern} onChange={(e) => setPattern(e.target.value)} disabled={disabled} slotProps={{ htmlInput: { spellCheck: false, maxLength: 500, 'data-testid': `check-pattern-${id}` } }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
            <TextField size="small" multiline minRows={2} label={t(`${W}.check.matches`)} value={matches} onChange={(e) => setMatches(e.target.value)} disabled={disabled} helperText={t(`${W}.check.oneALine`)} slotProps={{ htmlInput: { 'data-testid': `check-matches-${id}` } }} />
            <TextField size="small" multiline minRows={2} label={t(`${W}.check.rejects`)} value={rejects} onChange={(e) => setRejects(e.target.value)} disabled={disabled} helperText={t(`${W}.check.oneALine`)} slotProps={{ htmlInput: { 'data-testid': `check-rejects-${id}` } }} />
          </Box>
          <Box aria-live="polite">
            {pattern && problem && (
              <Alert severity="warning" data-testid={`check-problem-${id}`}>
                {t(`${W}.check.problems.${problem}`, { defaultValue: t(`${W}.check.problems.other`) })}
              </Alert>
            )}
            {pattern && !problem && untested && <Typography variant="body2">{t(`${W}.check.needSamples`)}</Typography>}
          </Box>
          <Stack direction="row">
            <Button size="small" variant="outlined" disabled={disabled || !pattern || Boolean(problem) || untested || schema.pattern === pattern} onClick={() => apply((d) => withCheck(d, node.path, { pattern }))} data-testid={`check-use-${id}`}>
              {t(`${W}.check.use`)}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
