import { Box, Collapse, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useInput, useTranslate, type Validator } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, type LocalNames } from '../../contract/names';
import { DisclosureToggle } from './DisclosureToggle';
import { LOCALE_NAMES, type Locale } from '../i18n/locales';

/**
 * "Name in other languages" (issue 54): staff give a data word they create (a task stage, type or
 * template, a layout and its pages, a term, a role) a text per locale beside its `name`
 * (contract/names.ts; i18n/dataWords.ts shows the reader's). A disclosure under the name field,
 * collapsed, saying how many locales have a text; open, one field per locale, each labelled with the
 * locale's own name (the default, en-GB, too: `name` may be typed in any language). Texts are
 * trimmed and an emptied field drops its locale, so the value is exactly what the API takes; a text
 * over NAME_MAX characters is said beside its field (the server refuses it too, on
 * `names.<locale>`, and its words show there as well).
 *
 * Two ways to use it: in a react-admin form with `source` (useInput: the form's value, its
 * validation and the server's field errors), or controlled with `value` / `onChange` in the plain
 * dialogs, with their server field errors by field name (`errors`, under `field`: `names.fr-FR`,
 * `pages.1.names.fr-FR`).
 */

/** The locales in the fields' order: by language, each language's main locale first. */
const ORDER = Object.keys(LOCALE_NAMES) as Locale[];

type Texts = Partial<Record<Locale, string>>;

/** The texts as the API takes them: trimmed, blank ones left out. */
export function cleanNames(texts: Texts | null | undefined): LocalNames {
  const out: LocalNames = {};
  for (const locale of ORDER) {
    const text = texts?.[locale]?.trim();
    if (text) out[locale] = text;
  }
  return out;
}

/** A text's length as the server counts it: characters (code points), trimmed. */
const lengthOf = (text: string | undefined) => [...(text ?? '').trim()].length;

/** Whether any text is longer than the server takes (NAME_MAX). */
export const namesTooLong = (names: LocalNames | null | undefined): boolean => ORDER.some((l) => lengthOf(names?.[l]) > NAME_MAX);

const sameNames = (a: LocalNames, b: LocalNames) => ORDER.every((l) => (a[l] ?? '') === (b[l] ?? ''));
const objectOr = (value: unknown): LocalNames => (value && typeof value === 'object' ? (value as LocalNames) : {});

interface CommonProps {
  /** The disclosure's words; "Name in other languages" unless said. */
  label?: string;
  disabled?: boolean;
  /** Open from the start (a dialog of nothing else). */
  defaultOpen?: boolean;
  /** The test ids' stem: `<testId>-toggle`, `<testId>-count`, `<testId>-<locale>`. */
  testId?: string;
}

export interface LocalNamesFieldsProps extends CommonProps {
  value: LocalNames | null | undefined;
  onChange: (names: LocalNames) => void;
  /** The form's field errors by field name (the server's), of which this reads `<field>` and `<field>.<locale>`. */
  errors?: Record<string, string | undefined>;
  /** The field's name in the write body and its errors: `names` unless said (`pages.1.names`). */
  field?: string;
}

export type LocalNamesInputProps = (CommonProps & { source: string }) | (LocalNamesFieldsProps & { source?: undefined });

/** The input: react-admin's with `source`, else controlled with `value` and `onChange`. */
export function LocalNamesInput(props: LocalNamesInputProps) {
  return props.source !== undefined ? <FormLocalNames {...props} /> : <LocalNamesFields {...props} />;
}

/** The controlled input (the plain dialogs). */
export function LocalNamesFields({ value, onChange, errors = {}, field = 'names', label, disabled, defaultOpen = false, testId = 'local-names' }: LocalNamesFieldsProps) {
  const { t } = useTranslation(['common', 'validation']);
  const id = useId();
  const given = objectOr(value);
  // What the fields show, as typed (a space being typed between two words stays); the value is its cleaned copy.
  const [texts, setTexts] = useState<Texts>(given);
  const [seen, setSeen] = useState(given);
  if (!sameNames(given, seen)) {
    // A value from outside (the dialog reopened, the form reset) replaces the texts; our own echo does not.
    setSeen(given);
    if (!sameNames(cleanNames(texts), given)) setTexts(given);
  }
  const tooLong = t('validation:generic.maxLength', { length: NAME_MAX });
  const errorOf = (locale: Locale) => errors[`${field}.${locale}`] ?? (lengthOf(texts[locale]) > NAME_MAX ? tooLong : undefined);
  const general = errors[field];
  const failing = Boolean(general) || ORDER.some((l) => errorOf(l));
  const [open, setOpen] = useState(defaultOpen || failing);
  // The server's refusal on a locale opens the fields, so its words are seen beside the field.
  const serverErrors = Object.keys(errors).filter((key) => errors[key] && (key === field || key.startsWith(`${field}.`))).join();
  const [seenErrors, setSeenErrors] = useState(serverErrors);
  if (serverErrors !== seenErrors) {
    setSeenErrors(serverErrors);
    if (serverErrors && !open) setOpen(true);
  }
  const filled = ORDER.filter((l) => given[l]).length;
  const change = (locale: Locale, text: string) => {
    const next = { ...texts, [locale]: text };
    setTexts(next);
    onChange(cleanNames(next));
  };
  return (
    <Box data-testid={testId}>
      <DisclosureToggle id={id} open={open} onToggle={() => setOpen(!open)} failing={failing} title={label ?? t('common:localNames.title')} summary={filled ? t('common:localNames.filled', { count: filled }) : t('common:localNames.none')} testId={testId} />
      {general ? <FormHelperText error>{general}</FormHelperText> : null}
      <Collapse in={open} unmountOnExit>
        <Stack id={`${id}-panel`} role="group" aria-labelledby={`${id}-toggle`} spacing={1.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('common:localNames.help')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {ORDER.map((locale) => {
              const error = errorOf(locale);
              return (
                <TextField
                  key={locale}
                  size="small"
                  label={LOCALE_NAMES[locale]}
                  value={texts[locale] ?? ''}
                  onChange={(e) => change(locale, e.target.value)}
                  disabled={disabled}
                  error={Boolean(error)}
                  helperText={error}
                  slotProps={{ inputLabel: { lang: locale }, htmlInput: { lang: locale, 'data-testid': `${testId}-${locale}` } }}
                />
              );
            })}
          </Box>
        </Stack>
      </Collapse>
    </Box>
  );
}

/** Refuses a text over NAME_MAX (said beside its field; this keeps the form from being sent). */
const notTooLong: Validator = (value) => (namesTooLong(objectOr(value)) ? { message: 'validation:generic.maxLength', args: { length: NAME_MAX } } : undefined);

/** react-admin's way: the form's `source`, its validation, and the server's errors on `<source>` and `<source>.<locale>`. */
function FormLocalNames({ source, ...rest }: CommonProps & { source: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate: notTooLong });
  // The server's errors (react-admin puts `names.fr-FR` at errors.names['fr-FR']); our own check is said per field.
  const error = fieldState.error as (Record<string, { message?: string } | undefined> & { type?: string; message?: string }) | undefined;
  const errors: Record<string, string | undefined> = {};
  if (error?.type === 'server' && error.message) errors[source] = translate(error.message, { _: error.message });
  for (const locale of ORDER) {
    const message = error?.[locale]?.message;
    if (message) errors[`${source}.${locale}`] = translate(message, { _: message });
  }
  return <LocalNamesFields {...rest} value={field.value as LocalNames | undefined} onChange={(names) => field.onChange(names)} errors={errors} field={source} />;
}
