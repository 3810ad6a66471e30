import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RagStatus } from '../../contract/projects';

const DOT: Record<RagStatus, string> = { green: 'success.main', amber: 'warning.main', red: 'error.main' };

/**
 * A project's RAG colour as a dot *and* its word ("Green", "Amber", "Red"): never colour alone
 * (WCAG 1.4.1). `manual` says a manager's override is in force.
 */
export function RagChip({ rag, manual = false, size = 'small' }: { rag: RagStatus; manual?: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('tracker');
  const word = t(`rag.${rag}`);
  return (
    <Chip
      size={size}
      variant="outlined"
      data-testid="rag-chip"
      data-rag={rag}
      icon={<Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[rag], display: 'inline-block', ml: '8px !important' }} />}
      label={manual ? t('rag.manual', { rag: word }) : word}
    />
  );
}
