/**
 * `names` in a write (issue 54; contract/names.ts): a data word's text per locale beside its `name`.
 * The route schemas take `names` as anything (`namesInput`) and the service reads it with
 * `checkedNames`, so every refusal is the domain's 422 naming `names` or `names.<locale>`: the body
 * validator would instead strip an unknown locale (`removeAdditional`) or answer a 400 in its own
 * words. Nothing is dropped or coerced: a locale the portal does not ship, a non-string, a blank text
 * or one longer than NAME_MAX refuses the whole write. `{}` clears them.
 */
import { LOCALES, type Locale } from '../../contract/locales';
import { NAME_MAX, type LocalNames } from '../../contract/names';
import { Invalid, type ErrorDetail } from '../domain-errors';
import { serverMessages, interpolate } from '../messages';
import { cleanName } from './clean-text';

/** The route schema's `names` (body or multipart field): checked by the service, see above. */
export const namesInput = {
  description: `The name in other locales, e.g. {"fr-FR": "À faire"}: keys of ${LOCALES.join(', ')}, texts of 1 to ${NAME_MAX} characters; replaces the whole set, {} clears it (422 on names or names.<locale> otherwise)`,
} as const;

const isLocale = (key: string): key is Locale => (LOCALES as readonly string[]).includes(key);

/**
 * The names as stored, and every problem with them (none when they may be stored): each text cleaned
 * like a name (`cleanName`) and trimmed, in LOCALES' order; a problem per refused entry (field
 * `names`, or `names.<locale>`; `field` prefixes them, e.g. `pages.0.names`).
 */
export function namesProblems(value: unknown, field = 'names'): { names: LocalNames; errors: ErrorDetail[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { names: {}, errors: [{ detail: serverMessages.names.not_object, field }] };
  const errors: ErrorDetail[] = [];
  const out: LocalNames = {};
  for (const [key, text] of Object.entries(value)) {
    const at = `${field}.${key}`;
    if (!isLocale(key)) errors.push({ detail: serverMessages.names.unknown_locale, field: at });
    else if (typeof text !== 'string') errors.push({ detail: serverMessages.names.not_text, field: at });
    else {
      const clean = cleanName(text).trim();
      if (!clean) errors.push({ detail: serverMessages.names.blank, field: at });
      else if ([...clean].length > NAME_MAX) errors.push({ detail: interpolate(serverMessages.names.too_long, { max: NAME_MAX }), field: at });
      else out[key] = clean;
    }
  }
  return { names: Object.fromEntries(LOCALES.filter((l) => out[l] !== undefined).map((l) => [l, out[l]])), errors };
}

/**
 * `namesProblems`, throwing the 422 with every problem when there is any.
 * @example checkedNames({ 'fr-FR': ' À faire ' }) // { 'fr-FR': 'À faire' }
 */
export function checkedNames(value: unknown, field = 'names'): LocalNames {
  const { names, errors } = namesProblems(value, field);
  if (errors.length) throw new Invalid(errors[0].detail, errors);
  return names;
}

/** `checkedNames` when the write sent `names`, else undefined (the stored names stay). */
export const namesOf = (value: unknown, field = 'names'): LocalNames | undefined => (value === undefined ? undefined : checkedNames(value, field));

/** A stored `names` column as an answer gives it: `{}` for none (a database null or a non-object). */
export function storedNames(value: unknown): LocalNames {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as LocalNames) : {};
}
