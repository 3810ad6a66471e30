import { memo, useMemo } from 'react';
import type { StageController } from '../controller';
import { pointerToPath, type Path } from '../paths';
import { useValueAt } from './useStore';

export interface LabelOptions {
  /** Item property shown as the label. */
  labelKey?: string;
  /** When the property holds an id: JSON pointer of the list it refers to (e.g. "/locations"). */
  labelFrom?: string;
  /** Property of the referred item to show (default "name"). */
  labelFromKey?: string;
  /** Property of the referred item matching the id (default "id"). */
  labelFromValue?: string;
}

/**
 * The label options of a field's `ui:options`, as one stable object (memoised rows compare it by
 * identity, so it must not be rebuilt on every render).
 */
export function useLabelOptions(options: Record<string, unknown>): LabelOptions {
  const { labelKey, labelFrom, labelFromKey, labelFromValue } = options as LabelOptions;
  return useMemo(() => ({ labelKey, labelFrom, labelFromKey, labelFromValue }), [labelKey, labelFrom, labelFromKey, labelFromValue]);
}

/** The live label of an array item; re-renders only when that label (or its source list) changes. */
export const ItemLabel = memo(function ItemLabel(props: {
  controller: StageController;
  itemPath: Path;
  index: number;
  title: string;
  options: LabelOptions;
}) {
  const { controller, itemPath, index, title, options } = props;
  const raw = useValueAt(controller, options.labelKey ? [...itemPath, options.labelKey] : null);
  const source = useValueAt(controller, options.labelFrom ? pointerToPath(options.labelFrom) : null);
  let label: unknown = options.labelKey ? raw : undefined;
  if (options.labelFrom && Array.isArray(source)) {
    const idKey = options.labelFromValue ?? 'id';
    const found = source.find((s) => s && typeof s === 'object' && (s as Record<string, unknown>)[idKey] === raw);
    label = found ? (found as Record<string, unknown>)[options.labelFromKey ?? 'name'] : label;
  }
  return <>{label !== undefined && label !== null && label !== '' && typeof label !== 'object' ? String(label) : `${title} ${index + 1}`}</>;
});
