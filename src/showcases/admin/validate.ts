import type { Validator } from 'react-admin';
import { blank, type ValidationMessage } from '../../forms/validators';

/** A slug is lowercase letters, digits and single hyphens (blank: the server makes one from the title). */
export const slugFormat: Validator = (value) =>
  blank(value) || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(String(value).trim()) ? undefined : ({ message: 'showcasesAdmin.help.slugFormat', args: {} } satisfies ValidationMessage);
