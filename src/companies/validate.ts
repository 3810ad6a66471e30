import type { Validator } from 'react-admin';
import type { ValidationMessage } from '../forms/validators';

/** 'No duplicate {attribute} allowed' over the meta list's keys. */
export const uniqueMetaKeys: Validator = (value) => {
  const keys = ((value as Array<{ meta_key?: string }> | undefined) ?? []).map((m) => m?.meta_key?.trim()).filter(Boolean);
  return new Set(keys).size === keys.length ? undefined : ({ message: 'validation:field.duplicate', args: { attribute: 'meta_key' } } satisfies ValidationMessage);
};
