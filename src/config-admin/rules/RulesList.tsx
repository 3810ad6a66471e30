import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cascadeOfRule, rulesOf } from './cascadeModel';
import { cascadeFieldWords, describeCascade, type TitleWords } from './describeCascade';

interface RuleRow {
  id: string;
  text: string;
  drawn: boolean;
}

/**
 * Every rule of a stage in words: a cascade drawn by the editor reads in the editor's language; any
 * other rule (padding a list, dropping blank rows, ...) shows its description and is kept as written.
 */
export function RulesList({ file, words }: { file: unknown; words: TitleWords }) {
  const { t } = useTranslation('configAdmin');
  const rows: RuleRow[] = rulesOf(file).map((rule, i) => {
    const r = (rule ?? {}) as { id?: unknown; description?: unknown };
    const cascade = cascadeOfRule(rule);
    const id = typeof r.id === 'string' ? r.id : String(i);
    const text = cascade
      ? describeCascade(cascade, t, cascadeFieldWords(file, cascade, words), words(`configurator:stages.${cascade.source.stage}.title`) || cascade.source.stage)
      : t('stages.cascades.keptAsWritten', { description: typeof r.description === 'string' ? r.description : id });
    return { id, text, drawn: !!cascade };
  });
  // The words are worked out on each render of the editor (a key typed into a label may rename a
  // field a rule names); the list itself is drawn again only when they change.
  return <RuleRows rows={JSON.stringify(rows)} />;
}

const RuleRows = memo(function RuleRows({ rows: json }: { rows: string }) {
  const { t } = useTranslation('configAdmin');
  const rows = JSON.parse(json) as RuleRow[];
  return (
    <Stack spacing={0.5} data-testid="rules-list">
      <Typography variant="subtitle2" component="h4">
        {t('stages.cascades.rulesTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('stages.cascades.rulesHelp')}
      </Typography>
      {rows.length ? (
        <List dense disablePadding>
          {rows.map(({ id, text, drawn }, i) => (
            <ListItem key={`${id}-${i}`} disableGutters data-testid="rule-row" data-rule={id}>
              <ListItemText primary={text} secondary={id} slotProps={{ secondary: { sx: { fontFamily: 'monospace' } } }} />
              {drawn && <Chip size="small" variant="outlined" label={t('stages.cascades.drawn')} />}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2">{t('stages.cascades.noRules')}</Typography>
      )}
    </Stack>
  );
});
