import type { Condition } from './conditionModel';
import type { ConditionField } from './fields';

/** What the builder's rows and groups may do to the tree (ConditionBuilder.tsx holds the state). */
export interface BuilderEdits {
  fields: readonly ConditionField[];
  disabled?: boolean;
  /** The node whose first control takes the focus once rendered (a condition just added). */
  focusId: string | null;
  update(id: string, edit: (node: Condition) => Condition): void;
  add(groupId: string, child: Condition, focus: string): void;
  /** Removes a node; the focus goes to its group's "Add condition". */
  remove(id: string): void;
}
