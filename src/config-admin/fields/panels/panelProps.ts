/** What every property panel gets, and the small readers they share. */
import type { Apply } from '../editorTypes';
import { schemaAt, uiAt } from '../model/tree';
import type { FieldNode, Json, JsonObject, StageDraftValue } from '../model/types';

export interface PanelProps {
  draft: StageDraftValue;
  node: FieldNode;
  apply: Apply;
  disabled?: boolean;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node's schema, uiSchema and `ui:options` as written ({} when absent). */
export function partsOf(draft: StageDraftValue, node: FieldNode): { schema: JsonObject; ui: JsonObject; options: JsonObject } {
  const schema = schemaAt(draft.file, node.path) ?? {};
  const ui = uiAt(draft.file, node.path) ?? {};
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
