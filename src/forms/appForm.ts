import { FormUnsavedChanges } from './FormUnsavedChanges';

/**
 * How every react-admin form of the app behaves, given to each `<SimpleForm {...APP_FORM}>`, so the
 * forms cannot drift apart again:
 * - leaving with unsaved changes asks in the app's own dialog (the stage editor's and register's),
 *   never the browser's native confirm;
 * - `noValidate`: no browser validation bubble; the form's own validators and the server's messages
 *   show inline under each field, as on register (required fields carry their asterisk through
 *   `requiredField`, forms/validators.ts).
 */
export const APP_FORM = {
  noValidate: true,
  warnWhenUnsavedChanges: true,
  WarnWhenUnsavedChangesComponent: FormUnsavedChanges,
} as const;
