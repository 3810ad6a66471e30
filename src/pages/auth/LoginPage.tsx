import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../session/LoginForm';

/** Login (spec section 2): the form beside a welcome to the launch portal. */
export default function LoginPage() {
  const { t } = useTranslation('signIn');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 420px' }, gap: 4, alignItems: 'center', maxWidth: 1000, mx: 'auto', py: { xs: 2, md: 6 } }}>
      <Box data-testid="login-side-text">
        <Typography variant="h4" component="h1" gutterBottom>
          {t('login.welcomeTitle')}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
          {t('login.welcomeText')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('login.welcomeHelp')}
        </Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('login.title')}
          </Typography>
          <LoginForm variant="page" />
        </CardContent>
      </Card>
    </Box>
  );
}
