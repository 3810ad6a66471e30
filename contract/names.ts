/**
 * A data word's text per locale (issue 54: "let staff give their own data words a text per locale
 * where they create them"): task stages, task types, task templates (and the project task groups and
 * tasks copied from them), internal page layouts and their pages, taxonomy terms and roles carry
 * `names` beside `name`. `name` stays the word as typed (the default, shown where a locale has no
 * text); `names` holds the other locales' words, e.g. `{ "fr-FR": "À faire", "nl-NL": "Te doen" }`.
 *
 * Writes: optional; a locale the portal does not ship, a non-string, a blank text or one longer than
 * NAME_MAX is refused (422 on `names`, or `names.<locale>`), never dropped. An empty object clears them.
 * Answers: always present, `{}` when none.
 */
import { LOCALES, type Locale } from './locales';

/** The longest text of one locale (the names themselves are short: a board column, a role). */
export const NAME_MAX = 200;

const localeText = { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: '\\S' } as const;

/** `names` in a request body and in every answer of the tables above. */
export const localNames = {
  type: 'object',
  properties: Object.fromEntries(LOCALES.map((l) => [l, localeText])) as Record<Locale, typeof localeText>,
  additionalProperties: false,
} as const;
// Written out, not FromSchema'd: the properties are built from LOCALES, which FromSchema cannot read.
export type LocalNames = Partial<Record<Locale, string>>;
