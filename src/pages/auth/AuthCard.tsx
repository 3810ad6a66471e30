import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The narrow card the password pages sit in, ending with the way back to Login. */
export function AuthCard({ title, intro, children, testId }: { title: string; intro?: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', py: { xs: 2, md: 6 } }} data-testid={testId}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
          {children}
          <Link component={RouterLink} to="/login">
            {t('passwordEmail.backToLogin')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
