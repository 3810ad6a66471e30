/**
 * A revision's changes as the history shows them: {stage, internal, field, op, old, new} from the
 * immer patches the engine returned. The list of a history page carries them with the big values
 * left out (`large` names the sides left out): a stage's first save holds the whole stage, 138 KB
 * for the opening hours of 30 locations, and would make its page twenty times the size of the
 * others. They are computed once, as the revision is stored (config_revisions.changes), so a page
 * never reads the patches; one revision with every value is `GET .../history/{id}`.
 */
import { toPointer, type Catalogue } from '../../engine';
import { canManage, stageVisible } from './configs.view';
import type { Viewer } from '../db/tenancy';

type StoredPatch = { op: string; path: (string | number)[]; value?: unknown };

export interface RevisionChange {
  stage: string;
  internal: boolean;
  /** The JSON pointer inside the stage's data (or its internal notes). */
  field: string;
  op: string;
  old?: unknown;
  new?: unknown;
  /** The sides left out of a history page because their JSON is over LISTED_VALUE_LIMIT. */
  large?: Array<'old' | 'new'>;
}

/** Characters of JSON above which a value is left out of a history page. */
export const LISTED_VALUE_LIMIT = 2048;

/**
 * Each forward patch as a change: the old value is the one the revision's inverse patches put back
 * at that pointer (the last of them, as they apply in order). Cascaded stages are listed like the
 * written one; internal notes (`internal_data`) are marked internal.
 */
export function changesOf(patches: unknown[], inverse: unknown[]): RevisionChange[] {
  const before = new Map<string, unknown>();
  for (const p of inverse as StoredPatch[]) before.set(toPointer(p.path), p.op === 'remove' ? undefined : p.value);
  return (patches as StoredPatch[]).map((p) => {
    const internal = p.path[0] === 'internal_data';
    return {
      stage: String(internal ? p.path[1] : p.path[0]),
      internal,
      field: toPointer(p.path.slice(internal ? 2 : 1)),
      op: p.op,
      old: before.get(toPointer(p.path)),
      new: p.op === 'remove' ? undefined : p.value,
    };
  });
}

const isLarge = (value: unknown) => typeof value === 'object' && value !== null ? JSON.stringify(value).length > LISTED_VALUE_LIMIT : typeof value === 'string' && value.length > LISTED_VALUE_LIMIT;

/** The changes as a history page lists them: values over the limit left out and named in `large`. */
export function listedChanges(changes: RevisionChange[]): RevisionChange[] {
  return changes.map((c) => {
    const large = (['old', 'new'] as const).filter((side) => isLarge(c[side]));
    if (!large.length) return c;
    const listed: RevisionChange = { ...c, large };
    for (const side of large) delete listed[side];
    return listed;
  });
}

/** Only what the viewer may see: internal notes with manage configs, stages the viewer may see (`catalogue`: the config's). */
export function visibleChanges(viewer: Viewer, changes: RevisionChange[], catalogue?: Catalogue): RevisionChange[] {
  return changes.filter((c) => (c.internal ? canManage(viewer) : stageVisible(viewer, c.stage, catalogue)));
}
