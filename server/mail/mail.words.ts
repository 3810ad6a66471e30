import type { NotificationTranslations } from '../../contract/tasks';
import { localeForTag, type Locale } from '../../engine';

/**
 * A notification template's subject and body for a reader of `locale` (issue 55: every mail in the
 * reader's language): that locale's words, else its language's main locale's (fr-FR for fr-BE,
 * nl-NL for nl-BE, en-GB for en-AU and en-ZA), else the template's own.
 * @example wordsFor({ subject: 'Due', body: '…', translations: { 'fr-FR': { subject: 'À rendre', body: '…' } } }, 'fr-BE').subject // 'À rendre'
 */
export function wordsFor(template: { subject: string; body: string; translations?: NotificationTranslations | null }, locale: Locale): { subject: string; body: string } {
  const t = template.translations ?? {};
  const main = localeForTag(locale.slice(0, 2));
  return t[locale] ?? (main ? t[main] : undefined) ?? { subject: template.subject, body: template.body };
}
