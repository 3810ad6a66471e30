import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ArrivalState } from './arrival';

/**
 * A redirect made only while the browser is still at the address it was decided for.
 * React Router's `<Navigate>` navigates whenever its effect runs, and on a busy machine that can
 * be after the user has typed or clicked their way elsewhere (the sign-in landing, rendered while
 * the app switched to the company's language, then sent a dealer who had opened a config back to
 * the showcases; a dealer's one-config list, answered late, pulled them back from the page they had
 * typed). The hash in the address bar is the user's latest word, so it is read directly.
 */
export function RedirectWhileHere({ to, from }: { to: string; from?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const decidedAt = location.pathname + location.search;
  useEffect(() => {
    if (addressNow() !== decidedAt) return;
    navigate(to, { replace: true, state: from ? ({ from } satisfies ArrivalState) : undefined });
    // Once per decision: a redirect is a single step, never repeated on a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** The app's address as the hash router reads it: `#/configurator/1?x=y` -> `/configurator/1?x=y`. */
function addressNow(): string {
  return decodeURI(window.location.hash.replace(/^#/, '') || '/');
}
