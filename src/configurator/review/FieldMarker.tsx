import AddCommentIcon from '@mui/icons-material/AddCommentOutlined';
import CommentIcon from '@mui/icons-material/ChatBubbleOutline';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { FIELD_WITH_ADDON } from '../../../engine/react';

export interface FieldMarkerProps {
  pointer: string;
  /** The field's label ("Postcode"), for the button's name. */
  label: string;
  /** Open threads on the field. */
  open: number;
  /** All threads on the field (resolved ones too). */
  total: number;
  /** The reader may start a thread here: a faint "Add a comment" shows on hover or focus of the field. */
  canAdd: boolean;
  onOpen(anchor: HTMLElement): void;
}

/** The faint "Add a comment" shows while its field is hovered or holds the focus (and when it has the focus itself). */
const faint = {
  opacity: 0,
  transition: 'opacity 120ms',
  [`.${FIELD_WITH_ADDON}:hover > * > &, .${FIELD_WITH_ADDON}:focus-within > * > &, &:focus-visible`]: { opacity: 1 },
  '@media (hover: none)': { opacity: 0.7 },
};

/**
 * Beside a field: a comment button with the count of open threads ("2 comments on Postcode"), or,
 * for a field without any, the faint "Add a comment on Postcode" of a reader who may comment.
 */
export function FieldMarker({ pointer, label, open, total, canAdd, onOpen }: FieldMarkerProps) {
  const { t } = useTranslation('common');
  const field = label || t('configPages.review.thisField');
  if (total === 0) {
    if (!canAdd) return null;
    const name = t('configPages.review.addCommentOn', { field });
    return (
      <Tooltip title={name}>
        <IconButton size="small" aria-label={name} onClick={(e) => onOpen(e.currentTarget)} data-review-marker={pointer} data-testid="review-add" sx={faint}>
          <AddCommentIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  const name = open > 0 ? t('configPages.review.markerLabel', { count: open, field }) : t('configPages.review.markerResolved', { field });
  return (
    <Tooltip title={name}>
      <IconButton size="small" aria-label={name} onClick={(e) => onOpen(e.currentTarget)} data-review-marker={pointer} data-testid="review-marker" data-count={open} color={open > 0 ? 'primary' : 'default'}>
        <Badge badgeContent={open} color="warning" max={99} aria-hidden>
          <CommentIcon fontSize="small" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
