/** Spec section 9: minimum password length. */
export const PASSWORD_MIN = 8;
/** Spec section 9: minimum user name length. */
export const USERNAME_MIN = 4;
/**
 * Maximum length of a user name and of a company name. The spec sets none; without one only the
 * 1 MiB body limit applies, and a name that long breaks every list, mail and PDF it appears in.
 */
export const NAME_MAX = 255;
/** Maximum password length: far above any passphrase or generated password (20-24, spec section 5). */
export const PASSWORD_MAX = 255;
/** Company type term id for which the makes (franchises) choice is hidden and not required. */
export const INDEPENDENT_TYPE_ID = 6;
/** Region slugs hidden from registration (spec section 5): lower case, compared in any case (contract/regions.ts, shared with the app). */
export { HIDDEN_REGION_SLUGS } from '../../contract/regions';
/** Default company language (spec section 9). */
export const DEFAULT_LANGUAGE = 'en';
/** Spec section 9: region slug to language; anything else is English. */
export const REGION_LANGUAGE: Readonly<Record<string, string>> = {
  uk: 'en', sa: 'en', usa: 'en', GB: 'en', US: 'en', ZA: 'en', AU: 'en', IE: 'en',
  fr: 'fr', FR: 'fr',
};
