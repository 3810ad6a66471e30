/**
 * What every row of the outline needs from the editor, passed down as one object that changes only
 * with the selection, the open form or the width (not on each edit: rows read the draft from `store`).
 */
import type { DraftStore } from './draftStore';
import type { Apply } from './editorTypes';
import type { FieldPath } from './model/types';

export interface OutlineContext {
  /** The draft, read by each row for what it shows (draftStore.ts). */
  store: DraftStore;
  apply: Apply;
  disabled?: boolean;
  /** The selected node's key (`keyOf`), or null. */
  selected: string | null;
  select(path: FieldPath | null): void;
  /** The panel sits beside the outline (wide) rather than under the selected row. */
  wide: boolean;
  /** The container whose "Add a field" form is open (`keyOf`), or null. */
  adding: string | null;
  setAdding(container: FieldPath | null): void;
  /** Keys of the nodes inside shared shapes (read-only). */
  locked: Set<string>;
  /** Asks to remove a node (the editor confirms first). */
  askRemove(path: FieldPath): void;
}
