import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new screen opens at its top, as a page of a website does: a hash route keeps the window's
 * scroll, so without this the project page opened by "Create" at the foot of a long form showed
 * its middle, and a card measured there moved under the pointer as the page settled. Back and
 * Forward (POP) and the first load leave the scroll alone: the browser's own restoration, and a
 * link to a place further down (#main-content), keep working. A change of query only (a tab, a
 * filter, a page of a list) is the same screen and keeps the scroll too.
 */
export function useTopOfNewScreen() {
  const { pathname } = useLocation();
  const how = useNavigationType();
  useLayoutEffect(() => {
    if (how !== 'POP') window.scrollTo(0, 0);
    // Only a new path is a new screen; `how` is read for that navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
