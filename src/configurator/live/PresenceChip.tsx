import { Avatar, AvatarGroup, Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReviewPerson } from '../../../contract/reviews';
import { initials } from './initials';

/** "Pat Project is also here" / "2 others are here". */
export function presenceLabel(others: readonly ReviewPerson[], t: (key: string, options?: Record<string, unknown>) => string): string {
  return others.length === 1 ? t('configPages.stagePage.live.alsoHere', { name: others[0].name }) : t('configPages.stagePage.live.othersHere', { count: others.length });
}

/**
 * Who else has this stage open now (beside the stage's heading): their avatars, initials when they
 * have no picture, and the words; nothing when the reader is alone. The names are the tooltip.
 */
export function PresenceChip({ others }: { others: readonly ReviewPerson[] }) {
  const { t } = useTranslation();
  if (!others.length) return null;
  const label = presenceLabel(others, t);
  return (
    <Tooltip title={others.map((p) => p.name).join(', ')}>
      <Box
        role="status"
        aria-label={label}
        tabIndex={0}
        data-testid="stage-presence"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, px: 1, py: 0.25, borderRadius: 4, bgcolor: 'action.hover', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        {/* The "+N" avatar of those past four: MUI's default grey under white text is 1.7:1; a dark grey reads (axe, WCAG AA). */}
        <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 12, bgcolor: 'grey.700', color: 'common.white' } }}>
          {others.map((p) => (
            <Avatar key={p.id} src={p.avatar || undefined} alt="" sx={{ bgcolor: 'secondary.main' }}>
              {initials(p.name)}
            </Avatar>
          ))}
        </AvatarGroup>
        <Typography variant="body2" component="span" aria-hidden>
          {label}
        </Typography>
      </Box>
    </Tooltip>
  );
}
