import { useFormState, type Control } from 'react-hook-form';
import { UnsavedChangesPrompt } from '../routing/UnsavedChangesPrompt';

/**
 * react-admin's unsaved-changes warning in the app's own dialog (routing/UnsavedChangesPrompt.tsx)
 * instead of the browser's native confirm, so every form of the app asks the same way. Given to a
 * form as `WarnWhenUnsavedChangesComponent` beside `warnWhenUnsavedChanges`; react-admin passes the
 * form's control. A form asks while it has changed fields and was not just saved.
 *
 * @example <SimpleForm warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={FormUnsavedChanges}>
 */
export function FormUnsavedChanges({ formControl }: { enable?: boolean; formRootPathName?: string; formControl?: Control }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState(formControl ? { control: formControl } : undefined);
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  return <UnsavedChangesPrompt when={dirty} leaveOnceSaved />;
}
