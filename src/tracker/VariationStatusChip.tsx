import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VariationStatus } from './types';

// Outlined green and red keep their text's contrast; amber text would not, so "waiting" is dark text in an amber border.
const LOOK = {
  pending: { color: 'default', sx: { borderColor: 'warning.main', borderWidth: 2 } },
  approved: { color: 'success', sx: undefined },
  rejected: { color: 'error', sx: undefined },
} as const;

/** A variation's approval state in words. */
export function VariationStatusChip({ status }: { status: VariationStatus }) {
  const { t } = useTranslation('tracker');
  return <Chip size="small" variant="outlined" color={LOOK[status].color} sx={LOOK[status].sx} label={t(`variationStatus.${status}`)} data-testid="variation-status" data-status={status} />;
}
