import { useDeferredValue, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';

/**
 * An edit screen's content (react-admin `Edit` children), first rendered once its record is here,
 * in the background: React renders the whole form in slices, yielding to the browser every few
 * milliseconds, instead of in one uninterruptible pass as the record arrives. Nothing is shown in
 * its place meanwhile (a frame or two; the page heading is already there), and the form is
 * rendered once, with its record, never empty and then reset.
 *
 * Why: react-admin reads the record through react-query, whose answers reach React as
 * external-store updates, which React always renders synchronously: a company's profile (its
 * inputs, logo, taxonomies and users) took one 250-300 ms task on a first visit (issue 32: no task
 * over 200 ms). Later changes of the record (after a save) render as before: the children read the
 * record themselves.
 */
export function DeferredRecord({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  const shown = useDeferredValue(record);
  return shown ? children : null;
}
