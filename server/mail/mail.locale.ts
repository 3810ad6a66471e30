import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, localeForTag, type Locale } from '../../engine';
import type { Db, Tx } from '../db/database';
import { companies } from '../db/schema';
import { currentCompanyOf } from '../db/tenancy';

export type MailLocale = Locale;

/**
 * The first of our locales an Accept-Language header asks for, by its q-weights.
 * @example fromAcceptLanguage('de-DE,fr;q=0.8,en;q=0.5') // 'fr-FR'
 */
export function fromAcceptLanguage(header: string | undefined): MailLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20) // a header is the client's to write: bound the work
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The language of the company the user works in now (their current company, server/db/tenancy.ts:
 * the one they chose, else their first), as a locale; undefined for staff without one. A dealer of
 * two companies who switched to the French one gets its mails in French.
 */
export async function companyLocale(db: Db | Tx, userId: number): Promise<MailLocale | undefined> {
  const [row] = await db.select({ lang: companies.lang }).from(companies).where(eq(companies.id, currentCompanyOf(userId))).limit(1);
  return localeForTag(row?.lang);
}

/**
 * The language of a mail to a user: the language the request asked for (the app sends the language
 * the user is reading it in), else their company's language, else UK English.
 */
export async function mailLocaleFor(db: Db | Tx, userId: number, acceptLanguage?: string): Promise<MailLocale> {
  return fromAcceptLanguage(acceptLanguage) ?? (await companyLocale(db, userId)) ?? DEFAULT_LOCALE;
}
