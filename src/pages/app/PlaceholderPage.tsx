import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../layout/PageHeading';

/** A screen of a later issue: its route exists, is guarded and titled; the content comes later. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <Box data-testid="placeholder-page">
      <PageHeading />
      <Typography color="text.secondary">{t('placeholder.comingSoon')}</Typography>
    </Box>
  );
}
