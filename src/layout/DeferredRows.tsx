import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { ListContextProvider, useListContext } from 'react-admin';
import { LoadingBar } from './LoadingBar';

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
 *
 * While another page, sort or filter is read, react-admin keeps the rows shown (react-query's
 * placeholder data): a loading bar over their top edge says they are about to change (issue 59: page
 * 2 showed page 1's rows for 240 ms with no cue), without moving them, and the rows dim (the bar is
 * out of view when the pagination at the foot of a long list was used).
 */
export function DeferredRows({ children }: { children: ReactNode }) {
  const list = useListContext();
  const deferred = useDeferredValue(list);
  const { selectedIds, onSelect, onToggleItem, onUnselectItems } = list;
  const shown = useMemo(() => ({ ...deferred, selectedIds, onSelect, onToggleItem, onUnselectItems }), [deferred, selectedIds, onSelect, onToggleItem, onUnselectItems]);
  const busy = Boolean(list.isPlaceholderData);
  return (
    <ListContextProvider value={shown}>
      {busy && (
        <Box sx={{ position: 'relative', height: 0 }}>
          <LoadingBar data-testid="list-rows-loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
        </Box>
      )}
      {/* Always this box (a box only while busy would mount the rows anew): the rows dimmed while
          busy, so the cue is in view at the pagination at the foot of a long list too. */}
      <Box aria-busy={busy} sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity 120ms' }}>
        {children}
      </Box>
    </ListContextProvider>
  );
}
