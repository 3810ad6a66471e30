/** A parsed translation file: nested keys, string leaves. */
export type Json = Record<string, unknown>;

/**
 * `over` laid onto `base`, recursively for nested objects; `over` wins on every leaf.
 *
 * @example deepMerge({ ra: { a: 'A', b: 'B' } }, { ra: { b: 'b' } }) // { ra: { a: 'A', b: 'b' } }
 */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && prev && typeof prev === 'object' && !Array.isArray(prev)
        ? deepMerge(prev as Json, value as Json)
        : value;
  }
  return out;
}

/**
 * Adds `key_many` (a copy of `key_other`) wherever a plural has no `_many` form. French counts
 * 1 000 000 as "many" (Intl.PluralRules), and i18next would otherwise fall back to the English text
 * for it; react-admin's packages and our files only write `_one` and `_other`.
 *
 * @example withManyForms({ deleted_one: 'a', deleted_other: 'b' }) // { ..., deleted_many: 'b' }
 */
export function withManyForms(json: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(json)) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) ? withManyForms(value as Json) : value;
  }
  for (const [key, value] of Object.entries(json)) {
    const many = key.replace(/_other$/, '_many');
    if (many !== key && !(many in out)) out[many] = value;
  }
  return out;
}

/**
 * react-admin's forms in i18next's, as ra-i18n-i18next's convertRaTranslationsToI18next writes them
 * (`%{name}` -> `{{name}}`, `"Company |||| Companies"` -> `_one` / `_other`), without its lodash:
 * the sign-in page's first chunk converts our common.json with it (issue 59).
 *
 * @example toI18nextForms({ name: 'Company |||| Companies', hi: 'Hi %{name}' }) // { name_one: 'Company', name_other: 'Companies', hi: 'Hi {{name}}' }
 */
export function toI18nextForms(json: Json): Json {
  const out: Json = {};
  const placeholders = (text: string) => text.replace(/%\{([a-zA-Z0-9-_]*)\}/g, (_, name: string) => `{{${name}}}`);
  for (const [key, value] of Object.entries(json)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = toI18nextForms(value as Json);
    else if (typeof value === 'string' && value.includes(' |||| ')) {
      const [one, other] = value.split(' |||| ');
      out[`${key}_one`] = placeholders(one);
      out[`${key}_other`] = placeholders(other);
    } else out[key] = typeof value === 'string' ? placeholders(value) : value;
  }
  return out;
}
