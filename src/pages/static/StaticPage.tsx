import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A static text page whose title and paragraphs live in common.json under `static.<page>`. */
export function StaticPage({ page }: { page: 'cookiePolicy' | 'termsConditions' | 'privacyPolicy' }) {
  const { t } = useTranslation();
  const paragraphs = ['p1', 'p2', 'p3', 'p4'].map((p) => t(`static.${page}.${p}`));
  return (
    <Box component="article" sx={{ maxWidth: 800, mx: 'auto', py: 2 }} data-testid={`static-${page}`}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`static.${page}.title`)}
      </Typography>
      {paragraphs.map((text, i) => (
        <Typography key={i} variant="body1" sx={{ mb: 2 }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}
