import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * "Skip to content": the first thing a keyboard user tabs to, hidden until then (WCAG 2.4.1). Not a
 * plain `href="#main-content"`: with hash routes that would be a navigation; it moves focus instead.
 */
export function SkipLink() {
  const { t } = useTranslation('signIn');
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      data-testid="skip-link"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('topbar.skipToContent')}
    </Box>
  );
}
