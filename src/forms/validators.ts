import type { Validator } from 'react-admin';

// Field validators every resource form shares. They answer i18n keys with their values (react-admin
// translates them): the spec's words of section 5, the same the server sends.
export type ValidationMessage = { message: string; args: Record<string, unknown> };
export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * 'The {attribute} field must be filled in'; `attribute` is the field's name as the user reads it.
 * It carries react-admin's `isRequired` mark, so every input it guards shows the required asterisk.
 */
export const requiredField = (attribute: string): Validator =>
  Object.assign(
    (value: unknown) =>
      blank(value) ? ({ message: 'validation:field.required', args: { attribute: attribute.toLowerCase() } } satisfies ValidationMessage) : undefined,
    { isRequired: true },
  );

/** 'Must have at most {length} characters.' */
export const maxChars =
  (length: number): Validator =>
  (value) =>
    typeof value === 'string' && value.length > length ? ({ message: 'validation:generic.maxLength', args: { length } } satisfies ValidationMessage) : undefined;

/** 'This must be in a URL format http.' (blank is fine: a website address is optional). */
export const httpUrl: Validator = (value) =>
  blank(value) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(String(value).trim()) ? undefined : ({ message: 'validation:generic.url', args: {} } satisfies ValidationMessage);
