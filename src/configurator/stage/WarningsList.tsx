import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { getStageUi } from '../../../engine/react';
import { pointerLabel } from './labels';

/** The engine's and the server's warnings: shown beside the form, never blocking a save. */
export function WarningsList({ slug, warnings }: { slug: string; warnings: Array<{ field?: string; detail: string }> }) {
  const { t } = useTranslation(['common', 'configurator']);
  if (!warnings.length) return null;
  const schema = getStageUi(slug).schema;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="stage-warnings">
      <AlertTitle>{t('configPages.stagePage.warnings')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((w) => (
          <li key={`${w.field ?? ''}|${w.detail}`}>
            {w.field ? `${pointerLabel(schema, w.field, t)}: ` : ''}
            {w.detail}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
