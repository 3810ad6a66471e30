import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelKey } from './model/texts';
import { useDraftValue, type DraftStore } from './draftStore';
import type { StageDraftValue } from './model/types';
import { EDIT_LOCALES, W } from './editorTypes';

export interface LocaleTextsProps {
  /** The draft, read for this text's words only (draftStore.ts). */
  store: DraftStore;
  /** The text's key as the file names it (`configurator:...`), or null when it has none yet (typing makes one). */
  textKey: string | null;
  /** What the text is ("Label", "Help"): the fields read "Label (fr-FR)". */
  label: string;
  onChange(locale: string, text: string): void;
  disabled?: boolean;
  multiline?: boolean;
  /** data-testid prefix: `<idPrefix>-<locale>` per field, `<idPrefix>-missing` for the chips. */
  idPrefix: string;
}

/** The locales shown before "Other locales" is opened: the texts a new field needs at least. */
const FIRST = 2;

/**
 * One text in each locale (a label, a help, a choice's words): the draft's words, the portal's as
 * the placeholder (what the form shows now), and a chip per locale that has neither (a missing
 * translation; the chip opens and focuses its field).
 */
export const LocaleTexts = memo(function LocaleTexts({ store, textKey, label, onChange, disabled, multiline, idPrefix }: LocaleTextsProps) {
  const { t, i18n } = useTranslation('configAdmin');
  const [all, setAll] = useState(false);
  const baseId = useId();
  const bare = textKey ? labelKey(textKey) ?? textKey : null;
  // This text's words in every locale, as one string: the fields are drawn again only when it changes.
  const own = useDraftValue(store, (d) => wordsIn(d, bare));
  const words = useMemo(() => JSON.parse(own) as (string | null)[], [own]);
  const portalOf = (locale: string) => {
    const portal = bare ? (i18n.getResource(locale, 'configurator', bare) as unknown) : undefined;
    return typeof portal === 'string' ? portal : '';
  };
  const ownOf = (locale: string) => words[(EDIT_LOCALES as readonly string[]).indexOf(locale)] ?? undefined;
  const missing = EDIT_LOCALES.filter((locale) => !(ownOf(locale) ?? portalOf(locale)).trim());
  const shown = all ? EDIT_LOCALES : EDIT_LOCALES.slice(0, FIRST);
  const focus = (locale: string) => {
    setAll(true);
    // The field exists after the render that opens the other locales.
    setTimeout(() => document.getElementById(`${baseId}-${locale}`)?.focus(), 0);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {shown.map((locale) => (
          <TextField
            key={locale}
            id={`${baseId}-${locale}`}
            size="small"
            label={t(`${W}.inLocale`, { what: label, locale })}
            value={ownOf(locale) ?? ''}
            placeholder={portalOf(locale)}
            onChange={(e) => onChange(locale, e.target.value)}
            disabled={disabled}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{ htmlInput: { lang: locale, maxLength: 2000, 'data-testid': `${idPrefix}-${locale}` } }}
          />
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }} data-testid={`${idPrefix}-missing`}>
        {missing.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="span">
            {t(`${W}.missingIn`, { what: label })}
          </Typography>
        )}
        {missing.map((locale) => (
          <Chip key={locale} size="small" color="warning" variant="outlined" label={locale} onClick={() => focus(locale)} aria-label={t(`${W}.missingLocale`, { what: label, locale })} data-locale={locale} />
        ))}
        <Button size="small" onClick={() => setAll(!all)} aria-expanded={all} sx={{ ml: 'auto' }}>
          {all ? t(`${W}.fewerLocales`) : t(`${W}.allLocales`, { count: EDIT_LOCALES.length })}
        </Button>
      </Stack>
    </Box>
  );
}, sameTexts);

/** A text's words per locale of EDIT_LOCALES (null where the draft has none), as JSON. */
function wordsIn(draft: StageDraftValue, bare: string | null): string {
  return JSON.stringify(EDIT_LOCALES.map((locale) => (bare ? draft.labels[locale]?.[bare] ?? null : null)));
}

/**
 * Drawn again only when how it is shown changes (its words come from the store): a panel holds
 * several of these (label, help, description, messages). `onChange` is left out: a panel makes it
 * anew each render, for the same text of the same field (`idPrefix`).
 */
function sameTexts(a: LocaleTextsProps, b: LocaleTextsProps): boolean {
  return a.store === b.store && a.textKey === b.textKey && a.label === b.label && a.disabled === b.disabled && a.multiline === b.multiline && a.idPrefix === b.idPrefix;
}
