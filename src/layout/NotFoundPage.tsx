import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Any hash path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid="not-found-page">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errors:not_found')}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="outlined">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
