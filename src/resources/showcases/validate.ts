import type { Validator } from 'react-admin';

// Validators answer i18n keys with their values (react-admin translates them): the spec's words of
// section 5, the same the server sends. (Each resource folder keeps its own: they never import each other.)
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

/** A slug is lowercase letters, digits and single hyphens (blank: the server makes one from the title). */
export const slugFormat: Validator = (value) =>
  blank(value) || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(String(value).trim()) ? undefined : ({ message: 'showcasesAdmin.help.slugFormat', args: {} } satisfies Message);
