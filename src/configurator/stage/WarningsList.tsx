import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldPath } from './labels';

/** The engine's and the server's warnings: shown beside the form, never blocking a save. */
export function WarningsList({ slug, warnings, doc }: { slug: string; warnings: Array<{ field?: string; detail: string }>; doc: Record<string, unknown> }) {
  const { t } = useTranslation(['common', 'configurator']);
  if (!warnings.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="stage-warnings">
      <AlertTitle>{t('configPages.stagePage.warnings')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((w) => (
          <li key={`${w.field ?? ''}|${w.detail}`}>
            {w.field ? `${fieldPath(slug, w.field, doc, t)}: ` : ''}
            {w.detail}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
