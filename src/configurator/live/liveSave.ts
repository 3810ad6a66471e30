/**
 * What a stage page does when the server says someone saved the config (a `saved` event): a pure
 * decision, so it is tested without a page.
 */
import type { SavedEvent } from '../../../contract/reviews';

/**
 * - `ignore`: nothing for this page (its own save, a version it already has, no field of this stage);
 * - `show`: no unsent edits here: bring the new version in;
 * - `merge`: unsent edits, none on a field the other person changed: the new version with the
 *   reader's edits on top;
 * - `offer`: the reader changed a field the other person changed too: say so and let them load
 *   the other version when they choose (their edits are kept until then).
 */
export type LiveSaveAction = 'ignore' | 'show' | 'merge' | 'offer';

export interface PageSide {
  /** The signed-in user. */
  userId: number;
  /** The config version the page's editor holds (the last its own writes answered). */
  version: number;
  /** One of the page's own writes is under way (its answer may come after the event). */
  writing: boolean;
  /** Edits the server has not acknowledged. */
  unsent: boolean;
  /** Pointers (in the stage's data) the reader changed since `version`. */
  mine: readonly string[];
}

/** `a` and `b` name the same field or one holds the other ('' is the whole stage). */
export const fieldsOverlap = (a: string, b: string) => a === b || a === '' || b === '' || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

export function liveSaveAction(event: SavedEvent, page: PageSide): LiveSaveAction {
  if (event.version <= page.version) return 'ignore';
  // The page's own write: its answer brings the version (the same user in another tab is someone else).
  if (event.by?.id === page.userId && page.writing) return 'ignore';
  if (!event.fields.length) return 'ignore';
  if (!page.unsent) return 'show';
  return page.mine.some((m) => event.fields.some((f) => fieldsOverlap(m, f))) ? 'offer' : 'merge';
}
