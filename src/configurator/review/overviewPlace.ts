import type { ReviewThread } from './api';

/**
 * Where the overview shows a thread's marker: beside the nearest row it shows at or above the
 * thread's field (an address shown on one line holds its town's thread; a list shown as bullets
 * holds its rows' threads; a field a row repeats as its title goes to the row), else by the stage's
 * heading (''): whole-stage threads, orphaned ones (their row is gone), those on a field the
 * overview leaves out. The pointer is the one the API answers, where the row is now, so a thread on
 * a list row follows its row.
 * @example overviewPlace({ pointer: '/address/town', orphaned: false }, new Set(['/address'])) // '/address'
 */
export function overviewPlace(thread: Pick<ReviewThread, 'pointer' | 'orphaned'>, shown: ReadonlySet<string>): string {
  if (thread.orphaned) return '';
  let pointer = thread.pointer;
  while (pointer !== '' && !shown.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  return pointer;
}
