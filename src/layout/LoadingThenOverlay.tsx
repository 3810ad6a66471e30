import { useEffect, useState } from 'react';
import { LoadingBar } from './LoadingBar';
import { OverlayWhileMounted } from './PageOverlay';

// A file of its own, not PageOverlay.tsx's: the sign-in page's first chunk has the overlay but no
// route to load, and so no loading bar (MUI's LinearProgress, 1.4 KiB; issue 59).

/** How long a screen's code may take before the full overlay covers the page (spec section 2's route-change overlay). */
export const OVERLAY_AFTER_MS = 400;

/**
 * The Suspense fallback of a screen whose code is still coming (issue 59): a loading bar where the
 * page will be, and the full overlay only if it takes longer than OVERLAY_AFTER_MS. The code is
 * usually here already (started on intent or when idle: routing/intent.ts); when it is not, a
 * quick load no longer blanks the whole window for a moment.
 */
export function LoadingThenOverlay() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), OVERLAY_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <LoadingBar data-testid="page-loading" />
      {late && <OverlayWhileMounted />}
    </>
  );
}
