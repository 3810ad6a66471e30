import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import type { PanelProps } from './panelProps';

/**
 * The kinds with nothing of their own to set (a yes-no, a date, opening hours, the config's
 * summary, a hidden id): a sentence says what the dealer sees, the common panel does the rest.
 */
export function PlainPanel({ node }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  return (
    <Typography variant="body2" color="text.secondary" data-testid={`panel-${node.kind}`}>
      {t(`${W}.about.${node.kind}`, { defaultValue: '' })}
    </Typography>
  );
}
