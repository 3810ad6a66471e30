import { useEffect } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { showOverlay, useOverlayActive } from '../routing/overlay';

/** The page overlay (spec section 2): on during route changes and PDF creation. */
export function PageOverlay() {
  const active = useOverlayActive();
  const { t } = useTranslation('signIn');
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
