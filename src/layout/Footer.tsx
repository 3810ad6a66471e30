import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../routing/HashLink';

/** Footer (spec section 1): Terms & Conditions, Privacy Policy and company information. */
export function Footer() {
  const { t } = useTranslation('signIn');
  return (
    <Box component="footer" data-testid="footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Box component="nav" aria-label={t('footer.label')} sx={{ display: 'flex', gap: 3, mb: 1, flexWrap: 'wrap' }}>
        <Link component={HashLink} to="/terms-conditions">
          {t('footer.terms')}
        </Link>
        <Link component={HashLink} to="/privacy-policy">
          {t('footer.privacy')}
        </Link>
        <Link component={HashLink} to="/cookie-policy">
          {t('footer.cookies')}
        </Link>
        {/* Issue 57: anyone may check a signed order form, signed in or not. */}
        <Link component={HashLink} to="/verify-document" data-testid="footer-verify">
          {t('footer.verify')}
        </Link>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('footer.company', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
