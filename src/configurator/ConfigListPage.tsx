import { useEffect, useState } from 'react';
import { Box, Card, CardActionArea, CardContent, InputAdornment, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageHeading } from '../pages/app/PageHeading';
import { listConfigs, type ConfigSummary } from './api';
import { ConfigProgress } from './parts';

const dashboardPath = (config: ConfigSummary) => `/configurator/${config.id}/dashboard`;

/** `/configurator`: the user's configs, sorted by name, with a search box; one config opens at once. */
export default function ConfigListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<ConfigSummary[]>();
  const [first, setFirst] = useState<ConfigSummary[]>();

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        listConfigs({ q }).then(
          (found) => {
            if (!live || !found) return;
            setRows(found);
            setFirst((prev) => prev ?? found);
          },
          () => live && setRows([]),
        );
      },
      q ? 300 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);

  // A user with exactly one config (unfiltered) goes straight to its dashboard.
  if (first?.length === 1 && !q) return <Navigate to={dashboardPath(first[0])} replace />;

  return (
    <Box data-testid="config-list-page">
      <PageHeading />
      <TextField
        size="small"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('configPages.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('configPages.search'), 'data-testid': 'config-search' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {!rows && <LinearProgress />}
      {rows?.length === 0 && <Typography color="text.secondary">{t('configPages.empty')}</Typography>}
      <Stack spacing={1}>
        {rows?.map((config) => (
          <Card key={config.id} variant="outlined" data-testid="config-row">
            <CardActionArea onClick={() => navigate(dashboardPath(config))}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2" noWrap>
                    {config.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {config.company?.name}
                  </Typography>
                </Box>
                <Box sx={{ flex: '1 1 200px' }}>
                  <ConfigProgress value={config.progress} />
                </Box>
                <Typography variant="body2" sx={{ flex: '0 0 auto', textTransform: 'capitalize' }}>
                  {t(`configPages.status.${config.status}`, { defaultValue: config.status })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
