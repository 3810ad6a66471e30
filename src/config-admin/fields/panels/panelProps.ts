/** What every property panel gets, and the small readers they share. */
import type { DraftStore } from '../draftStore';
import type { Apply } from '../editorTypes';
import { schemaAt, uiAt } from '../model/tree';
import type { FieldNode, Json, JsonObject } from '../model/types';

/**
 * A panel gets the file (a new object only when the schema or uiSchema changes, not when a label is
 * typed) and the draft's store: the parts that show words read them from the store, each only what
 * it shows, so a key typed into a label re-renders that label's fields and not the whole panel
 * (issue 56's keystroke budget).
 */
export interface PanelProps {
  store: DraftStore;
  file: unknown;
  node: FieldNode;
  apply: Apply;
  disabled?: boolean;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node's schema, uiSchema and `ui:options` as written ({} when absent). */
export function partsOf(file: unknown, node: FieldNode): { schema: JsonObject; ui: JsonObject; options: JsonObject } {
  const schema = schemaAt(file, node.path) ?? {};
  const ui = uiAt(file, node.path) ?? {};
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  return { schema, ui, options };
}

/** A number of the file, or '' for a text field showing it. */
export const numberText = (v: Json | undefined): string => (typeof v === 'number' ? String(v) : '');

/** A text field's number: undefined (removed) when empty or not a number. */
export function parseNumber(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export const stringOf = (v: Json | undefined): string => (typeof v === 'string' ? v : '');

/** A data-testid-safe form of a path (`hours.[].days` -> `hours-items-days`). */
export const pathId = (path: readonly string[]): string => path.map((p) => (p === '[]' ? 'items' : p)).join('-') || 'stage';
