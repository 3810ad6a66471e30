// What the local-names tests of every area share (issue 54, contract/names.ts): the `names` a write
// must refuse, each with the field and words of its 422, and one accepted set with what is stored.
import { expect } from 'vitest';
import { NAME_MAX } from '../../contract/names';

export const NAMES_WORDS = {
  notObject: 'The translations must be given as words by language.',
  unknownLocale: "This is not one of the portal's languages.",
  notText: 'The translation must be text.',
  blank: 'The translation must be filled in, or left out.',
  tooLong: `The translation cannot be longer than ${NAME_MAX} characters.`,
} as const;

/** [what, names sent, the field refused (after `names`), its detail]. */
export const REFUSED_NAMES: Array<[string, unknown, string, string]> = [
  ['a locale the portal does not ship', { 'de-DE': 'Zu erledigen' }, '.de-DE', NAMES_WORDS.unknownLocale],
  ['a language without its country', { fr: 'À faire' }, '.fr', NAMES_WORDS.unknownLocale],
  ['a good text beside an unknown locale', { 'fr-FR': 'À faire', 'xx-XX': 'Xx' }, '.xx-XX', NAMES_WORDS.unknownLocale],
  ['a number', { 'fr-FR': 7 }, '.fr-FR', NAMES_WORDS.notText],
  ['null as a text', { 'nl-NL': null }, '.nl-NL', NAMES_WORDS.notText],
  ['a blank text (spaces and a bidi mark)', { 'fr-BE': ' \u200F  ' }, '.fr-BE', NAMES_WORDS.blank],
  ['an empty text', { 'en-AU': '' }, '.en-AU', NAMES_WORDS.blank],
  ['a text longer than NAME_MAX', { 'nl-BE': 'x'.repeat(NAME_MAX + 1) }, '.nl-BE', NAMES_WORDS.tooLong],
  ['a string', 'À faire', '', NAMES_WORDS.notObject],
  ['a list', ['À faire'], '', NAMES_WORDS.notObject],
  ['null', null, '', NAMES_WORDS.notObject],
];

/** Sent: spaces around, a bidi override, locales out of order. */
export const SENT_NAMES = { 'nl-NL': '  Te doen ', 'fr-FR': 'À faire\u202E', 'en-ZA': 'To do (ZA)' };
/** Stored and answered: trimmed, cleaned like a name, in LOCALES' order. */
export const STORED_NAMES = { 'fr-FR': 'À faire', 'nl-NL': 'Te doen', 'en-ZA': 'To do (ZA)' };
/** The longest text accepted. */
export const LONGEST_NAMES = { 'fr-BE': 'é'.repeat(NAME_MAX) };

type ErrorBody = { message?: string; errors?: Array<{ detail: string; field?: string }> };

/** The 422's body a refused `names` answers: the detail on its field, the first detail as the message. */
export function expectRefused(status: number, body: unknown, field: string, detail: string): void {
  const b = body as ErrorBody;
  expect(status).toBe(422);
  expect(b.errors).toContainEqual({ detail, field });
  expect(b.message).toBe(b.errors?.[0]?.detail);
}
