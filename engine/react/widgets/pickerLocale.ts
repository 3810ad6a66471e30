import { useTranslation } from 'react-i18next';
import { enUS, frFR, nlNL, type PickersInputLocaleText } from '@mui/x-date-pickers/locales';
// Registered with dayjs (not made global): the picker's month and weekday names, and the first day of the week.
import 'dayjs/locale/en-gb';
import 'dayjs/locale/en-au';
import 'dayjs/locale/fr';
import 'dayjs/locale/nl';
import 'dayjs/locale/nl-be';
import { CONFIGURATOR_NS } from '../i18n';

/** What the date picker needs for one locale: its own texts and the dayjs locale of its calendar. */
export interface PickerLocale {
  /** @mui/x-date-pickers' texts (toolbar title, OK/Cancel, aria labels, field placeholders). */
  localeText: PickersInputLocaleText;
  /** dayjs locale name (month and weekday names, week start). */
  adapterLocale: string;
}

const texts = (pack: typeof enUS) => pack.components.MuiLocalizationProvider.defaultProps.localeText;

// By language, as the app's MUI theme picks its texts (src/theme.ts); English is the pickers' default.
const TEXTS: Record<string, PickersInputLocaleText> = { en: texts(enUS), fr: texts(frFR), nl: texts(nlNL) };
// By locale where dayjs has a regional variant, else by language. en-ZA: en-gb (dates and weeks as in the UK).
const DAYJS: Record<string, string> = { 'en-au': 'en-au', 'nl-be': 'nl-be', en: 'en-gb', fr: 'fr', nl: 'nl' };

const cache = new Map<string, PickerLocale>();

/**
 * The date picker's texts and calendar locale for one of our locales (any other: English).
 * The shown and typed format stays dd/mm/yyyy whatever the locale (the widget sets it).
 * @example pickerLocaleFor('fr-BE').localeText.cancelButtonLabel // 'Annuler'
 */
export function pickerLocaleFor(locale: string | undefined): PickerLocale {
  const lower = (locale ?? '').toLowerCase();
  const language = lower.slice(0, 2);
  let found = cache.get(lower);
  if (!found) {
    // One object per locale: LocalizationProvider re-renders every picker part when its props change.
    found = { localeText: TEXTS[language] ?? TEXTS.en, adapterLocale: DAYJS[lower] ?? DAYJS[language] ?? DAYJS.en };
    cache.set(lower, found);
  }
  return found;
}

/**
 * The picker locale of the form's language (the i18next instance the renderer translates with), so a
 * language switch re-renders the picker in the new language.
 * @example const { localeText, adapterLocale } = usePickerLocale();
 */
export function usePickerLocale(): PickerLocale {
  const { i18n } = useTranslation(CONFIGURATOR_NS);
  return pickerLocaleFor(i18n.resolvedLanguage ?? i18n.language);
}
