/**
 * Changes of stage data as lines a person reads, for the history panel and the conflict screen:
 * labelled and valued by the overview's labeller (dashboard/summary.ts: rows by their names, ids
 * of other stages' items by those items' names, hidden fields left out, never JSON). Pure.
 */
import type { Translate } from '../../../engine';
import { pointerTarget, valueText, type PointerOptions } from '../dashboard/summary';
import { decodePointer, getAtPointer, type FieldChange } from './diff';

export type ChangeKind = 'changed' | 'added' | 'removed';

export interface ChangeLine {
  field: string;
  /** The field's labels joined with ' › ' ("Locations › Wisbech › Franchises"). */
  label: string;
  kind: ChangeKind;
  before: string;
  after: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A value at `pointer` relative to a value found at `at` (the `field` of the change it came from),
 * or undefined when `pointer` does not lead inside it.
 */
export function inside(at: string, value: unknown, pointer: string): unknown {
  if (pointer !== at && !pointer.startsWith(`${at}/`)) return undefined;
  return getAtPointer(value, pointer.slice(at.length));
}

/** Every `{id, name}`-like row inside `value`: names for ids of items a change removed from the config. */
export function collectNames(value: unknown, into: Map<string, string> = new Map()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v) => collectNames(v, into));
  else if (value && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    const name = rec.name ?? rec.divisionName ?? rec.title ?? rec.label;
    if ((typeof rec.id === 'string' || typeof rec.id === 'number') && typeof name === 'string' && name.trim() && !into.has(String(rec.id))) into.set(String(rec.id), name);
    Object.values(rec).forEach((v) => collectNames(v, into));
  }
  return into;
}

/**
 * One change as a line, or null for a field the form hides (ids, hidden widgets). A whole row
 * added or removed is one line named by the row ("Franchises › Kia", kind 'removed').
 * `opts.rowAt` names rows along the pointer; the changed row itself is read from the change.
 */
export function changeLine(slug: string, change: FieldChange, opts: PointerOptions, t: Translate): ChangeLine | null {
  const rowAt = (pointer: string) => (pointer === change.field ? (change.after ?? change.before) : opts.rowAt?.(pointer));
  const withRow = { ...opts, rowAt };
  const target = pointerTarget(slug, change.field, withRow, t);
  if (!target || !target.labels.length) return null;
  const kind: ChangeKind = target.row && isEmpty(change.before) ? 'added' : target.row && isEmpty(change.after) ? 'removed' : 'changed';
  return {
    field: change.field,
    label: target.labels.join(' › '),
    kind,
    before: valueText(slug, change.field, change.before, withRow, t),
    after: valueText(slug, change.field, change.after, withRow, t),
  };
}

/** A line as text: "Franchises › Kia removed", "Locations › Wisbech › Name: Wisbech → Wisbech Road". */
export function lineText(line: ChangeLine, t: Translate): string {
  if (line.kind === 'added') return t('common:configPages.stagePage.rowAdded', { row: line.label });
  if (line.kind === 'removed') return t('common:configPages.stagePage.rowRemoved', { row: line.label });
  return `${line.label}: ${line.before} → ${line.after}`;
}

/** The pointer's last step is a list position (a whole row). */
export const isRowPointer = (pointer: string) => /^\d+$/.test(decodePointer(pointer).pop() ?? '');
