import { useEffect, useState } from 'react';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../routing/HashLink';

import { storeConsent, storedConsent, type ConsentAnswer } from './cookieConsent';

export { COOKIE_CONSENT_KEY } from './cookieConsent';

/**
 * While the banner shows, the window scrolls what gets keyboard focus (or is scrolled to) clear of
 * it: the page's scroll padding at the bottom is the banner's height, kept up as it wraps.
 */
function useScrollPaddingFor(banner: HTMLElement | null): void {
  useEffect(() => {
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const pad = () => {
      // The banner's height and room either side of it (its distance from the window's bottom).
      const gap = parseFloat(getComputedStyle(banner).bottom) || 0;
      root.style.setProperty('scroll-padding-bottom', `${banner.offsetHeight + 2 * gap}px`);
    };
    const observer = new ResizeObserver(pad);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [banner]);
}

/**
 * Cookie consent banner (spec section 1): shown until consent is stored locally. Accepting allows
 * analytics (src/analytics/); "Necessary only" keeps the sign-in and security cookies alone and
 * is stored too, so the banner does not ask again.
 *
 * It is in the page's flow, last in the shell, and sticks to the bottom of the window while the
 * page scrolls: always in sight, yet the page keeps room for it, so the footer links and the end
 * of every page can be scrolled clear of it and clicked before the visitor has answered. A fixed
 * banner over the page would hide the end of it (the footer's links) for good.
 */
export function CookieBanner() {
  const { t } = useTranslation('signIn');
  const [visible, setVisible] = useState(() => storedConsent() === null);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useScrollPaddingFor(visible ? banner : null);
  if (!visible) return null;

  const answer = (value: ConsentAnswer) => {
    setVisible(false);
    storeConsent(value);
  };

  return (
    <Paper
      elevation={6}
      role="region"
      aria-label={t('cookies.label')}
      data-testid="cookie-banner"
      ref={setBanner}
      sx={{
        position: 'sticky',
        bottom: { xs: 8, sm: 16 },
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        alignSelf: 'center',
        width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 32px)' },
        maxWidth: 880,
        my: { xs: 1, sm: 2 },
        p: { xs: 1.5, sm: 2 },
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 240 }}>
          {t('cookies.text')}{' '}
          <Link component={HashLink} to="/cookie-policy">
            {t('cookies.more')}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => answer('declined')} data-testid="cookie-decline">
            {t('cookies.decline')}
          </Button>
          <Button variant="contained" onClick={() => answer('accepted')} data-testid="cookie-accept">
            {t('cookies.accept')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
