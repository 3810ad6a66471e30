import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { ListContextProvider, useListContext } from 'react-admin';

/**
 * A list's rows (react-admin's Datagrid or SimpleList, as children) rendered from a deferred copy
 * of the list's state: when a page of rows arrives, React renders them in the background, yielding
 * to the browser every few milliseconds, instead of in one uninterruptible pass.
 *
 * Why: react-admin reads its lists through react-query, whose answers reach React as external-store
 * updates, which React always renders synchronously. Twenty-five rows of MUI cells then took one
 * 200-300 ms task on a first visit (issue 32: no task over 200 ms); the deferred pass does the same
 * work in slices, and the page around the rows (toolbar, pagination) updates at once. The selection
 * is not deferred: a ticked box shows ticked at once, with the rows on screen.
 */
export function DeferredRows({ children }: { children: ReactNode }) {
  const list = useListContext();
  const deferred = useDeferredValue(list);
  const { selectedIds, onSelect, onToggleItem, onUnselectItems } = list;
  const shown = useMemo(() => ({ ...deferred, selectedIds, onSelect, onToggleItem, onUnselectItems }), [deferred, selectedIds, onSelect, onToggleItem, onUnselectItems]);
  return <ListContextProvider value={shown}>{children}</ListContextProvider>;
}
