import { useEffect, useState } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { showOverlay, useOverlayActive } from '../routing/overlay';
import { LoadingBar } from './LoadingBar';

/** The page overlay (spec section 2): on during route changes and PDF creation. */
export function PageOverlay() {
  const active = useOverlayActive();
  const { t } = useTranslation();
  return (
    <Backdrop open={active} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="page-overlay" aria-hidden={!active}>
      {/* Only while on: a closed Backdrop is hidden but stays mounted, and a spinner left in it
          kept the browser painting every frame on every page (a keystroke on the stage page took
          half again as long; npm run bench -- stage-page). */}
      {active && <CircularProgress color="inherit" aria-label={t('app.loading')} />}
    </Backdrop>
  );
}

/** Holds the overlay on while mounted: the Suspense fallback of lazy pages and the session check. */
export function OverlayWhileMounted() {
  useEffect(() => showOverlay(), []);
  return null;
}

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
