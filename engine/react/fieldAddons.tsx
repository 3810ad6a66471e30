import { createContext, useContext, type ReactNode } from 'react';

/** The field a host may put something beside: where it is in the stage data and how it is labelled. */
export interface FieldAddonTarget {
  /** JSON pointer of the field inside the stage's data ('/locations/0/postcode'). */
  pointer: string;
  /** The field's label as the form shows it (translated), '' when it has none. */
  label: string;
  /** `value`: one input; `group`: an object or a list holding other fields. */
  kind: 'value' | 'group';
}

/**
 * What a host puts beside the fields of a StageForm (comments, badges, ...): `render` is asked once per
 * field as the field renders and returns what to show beside it, or null for nothing. Keep the object
 * stable (memoised): a new one renders every field again. The engine knows nothing of what is shown.
 */
export interface FieldAddons {
  render(target: FieldAddonTarget): ReactNode;
}

const FieldAddonsContext = createContext<FieldAddons | null>(null);

/**
 * Gives the fields inside it something beside them. Without it (the default) a field asks nothing:
 * the one cost is a context read per field.
 * @example <FieldAddonsProvider value={{ render: ({ pointer }) => pointer === '/name' ? <Badge /> : null }}><StageForm ... /></FieldAddonsProvider>
 */
export const FieldAddonsProvider = FieldAddonsContext.Provider;

/** The host's addons, or null when none is given. */
export function useFieldAddons(): FieldAddons | null {
  return useContext(FieldAddonsContext);
}
