import type { Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';

/**
 * The board's look as one style sheet on its root: a card is plain elements with class names,
 * not a dozen styled components each, so a 500-task board paints in well under a second (every
 * styled component serialises its styles per render). Whatever shows a TaskCard outside the
 * board (a story) puts it under these styles too.
 */
export const boardSx = (theme: Theme): SystemStyleObject<Theme> => ({
  '& .tb-card': {
    display: 'flex', gap: '4px', alignItems: 'flex-start', padding: '8px', borderRadius: `${theme.shape.borderRadius}px`,
    border: `1px solid ${theme.palette.divider}`, borderLeft: `4px solid ${theme.palette.divider}`, background: theme.palette.background.paper,
    color: theme.palette.text.primary, ...theme.typography.body2,
  },
  '& .tb-card.tb-overdue': { borderLeftColor: theme.palette.error.main },
  '& .tb-card.tb-lifted': { boxShadow: theme.shadows[6] },
  '& .tb-handle': {
    flex: '0 0 auto', width: 28, height: 28, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', margin: '-4px 0 0 -4px',
    border: 0, borderRadius: '50%', background: 'transparent', color: theme.palette.text.secondary, cursor: 'grab', touchAction: 'none',
  },
  '& .tb-handle:hover': { background: theme.palette.action.hover },
  '& .tb-handle:focus-visible, & .tb-open:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& .tb-body': { minWidth: 0, flex: 1 },
  '& .tb-open': {
    display: 'block', width: '100%', padding: 0, border: 0, background: 'transparent', textAlign: 'left', font: 'inherit', fontWeight: 600,
    color: 'inherit', cursor: 'pointer', overflowWrap: 'anywhere', borderRadius: 4,
  },
  '& .tb-open:disabled': { cursor: 'default' },
  '& .tb-flag': { display: 'inline-block', width: 14, height: 14, margin: '0 4px 0 0', padding: 0, verticalAlign: '-2px', fill: theme.palette.warning.dark },
  '& .tb-group img': { flex: '0 0 14px', width: 14, height: 14, margin: 0, padding: 0 },
  // '6px', not 6: sx reads a bare number for a gap as theme spacing (6 × 8 px = 48 px between a group's icon and its name).
  '& .tb-group, & .tb-meta': { ...theme.typography.caption, color: theme.palette.text.secondary, display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: '6px' },
  '& .tb-late': { color: theme.palette.error.dark, fontWeight: 700 },
});
