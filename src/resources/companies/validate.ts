import type { Validator } from 'react-admin';

// Validators answer i18n keys with their values (react-admin translates them): the spec's words of
// section 5, the same the server sends.
type Message = { message: string; args: Record<string, unknown> };
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** 'The {attribute} field must be filled in'; `attribute` is the field's name as the user reads it. */
export const requiredField =
  (attribute: string): Validator =>
  (value) =>
    blank(value) ? ({ message: 'validation:field.required', args: { attribute: attribute.toLowerCase() } } satisfies Message) : undefined;

/** 'Must have at most {length} characters.' */
export const maxChars =
  (length: number): Validator =>
  (value) =>
    typeof value === 'string' && value.length > length ? ({ message: 'validation:generic.maxLength', args: { length } } satisfies Message) : undefined;

/** 'This must be in a URL format http.' (blank is fine: the website is optional). */
export const httpUrl: Validator = (value) =>
  blank(value) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(String(value).trim()) ? undefined : ({ message: 'validation:generic.url', args: {} } satisfies Message);

/** 'No duplicate {attribute} allowed' over the meta list's keys. */
export const uniqueMetaKeys: Validator = (value) => {
  const keys = ((value as Array<{ meta_key?: string }> | undefined) ?? []).map((m) => m?.meta_key?.trim()).filter(Boolean);
  return new Set(keys).size === keys.length ? undefined : ({ message: 'validation:field.duplicate', args: { attribute: 'meta_key' } } satisfies Message);
};
