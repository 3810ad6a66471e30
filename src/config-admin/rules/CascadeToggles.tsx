import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cascadesOfField, hasCascade, withCascade, type Cascade } from './cascadeModel';
import { cascadeFieldWords, describeCascade, type TitleWords } from './describeCascade';

export interface CascadeTogglesProps {
  /** The stage file being edited. */
  file: unknown;
  /** The field's structured-editor path (`['locations', '[]', 'franchises']`). */
  path: readonly string[];
  /** A schema title in the editor's words. */
  words: TitleWords;
  /** The file with a cascade turned on or off. */
  onChange(file: unknown): void;
  disabled?: boolean;
}

/**
 * The cascades of a field that picks from another stage's list, drawn as two switches with what each
 * does in words: "Removing an entry from “Franchises” also removes it from Locations › Franchises" and
 * "... that entry is chosen". Each writes or removes one rule of the file (cascadeModel.ts).
 */
export function CascadeToggles({ file, path, words, onChange, disabled }: CascadeTogglesProps) {
  const { t } = useTranslation('configAdmin');
  const cascades = cascadesOfField(file, path);
  if (!cascades) return null;
  const source = words(`configurator:stages.${cascades.strip.source.stage}.title`) || cascades.strip.source.stage;
  const field = cascadeFieldWords(file, cascades.strip, words);
  const row = (c: Cascade, label: string, testId: string) => {
    const on = hasCascade(file, c);
    return (
      <Box key={testId}>
        <FormControlLabel
          control={<Switch size="small" checked={on} onChange={(e) => onChange(withCascade(file, c, e.target.checked))} disabled={disabled} slotProps={{ input: { 'aria-describedby': `${testId}-words` } }} data-testid={testId} />}
          label={label}
        />
        <Typography id={`${testId}-words`} variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 5.5 } }}>
          {describeCascade(c, t, field, source)}
        </Typography>
      </Box>
    );
  };
  return (
    <Stack spacing={0.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="cascade-toggles">
      <Typography component="legend" variant="subtitle2">
        {t('stages.cascades.title', { source })}
      </Typography>
      {row(cascades.strip, t('stages.cascades.stripToggle'), 'cascade-strip')}
      {cascades.sole && row(cascades.sole, t('stages.cascades.soleToggle'), 'cascade-sole')}
    </Stack>
  );
}
