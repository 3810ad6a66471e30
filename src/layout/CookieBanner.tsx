import { useState } from 'react';
import { Box, Button, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** localStorage key holding the visitor's consent. */
export const COOKIE_CONSENT_KEY = 'portal.cookieConsent';

function hasConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

/** Cookie consent banner (spec section 1): shown until consent is stored locally. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasConsent());
  if (!visible) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    } catch {
      // No storage: hide it for this page at least.
    }
    setVisible(false);
  };

  return (
    <Paper
      elevation={6}
      role="region"
      aria-label={t('cookies.label')}
      data-testid="cookie-banner"
      sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: (theme) => theme.zIndex.snackbar - 1, p: 2, maxWidth: 880, mx: 'auto' }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 240 }}>
          {t('cookies.text')}{' '}
          <Link component={RouterLink} to="/cookie-policy">
            {t('cookies.more')}
          </Link>
        </Typography>
        <Button variant="contained" onClick={accept} data-testid="cookie-accept">
          {t('cookies.accept')}
        </Button>
      </Box>
    </Paper>
  );
}
