import CommentIcon from '@mui/icons-material/ChatBubbleOutline';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentComposer } from './CommentComposer';
import { useReview } from './reviewState';
import { byStatusThenAge, threadLabel } from './threadLabels';
import { ThreadView } from './ThreadView';

/**
 * "Comments (3)" in the stage's heading: a drawer with every thread of the stage, open ones first
 * (whole-stage ones, those on fields, and orphaned ones whose list row was removed), each with a link
 * to its field; "Comment on this section" for a reader who may comment.
 */
export function StageCommentsButton() {
  const review = useReview();
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!review) return null;
  const { threads, abilities, viewer, actions, scope } = review;
  if (!abilities.comment && threads.length === 0) return null;
  const openCount = threads.filter((th) => th.status === 'open').length;
  const sorted = [...threads].sort(byStatusThenAge);
  return (
    <>
      <Button startIcon={<CommentIcon />} onClick={() => setOpen(true)} data-testid="stage-comments" data-count={openCount}>
        {openCount > 0 ? t('configPages.review.commentsCount', { count: openCount }) : t('configPages.review.comments')}
      </Button>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { 'aria-labelledby': titleId, role: 'dialog', sx: { width: { xs: '100%', sm: 480 } } } as object }}>
        <Box sx={{ p: 2 }} data-testid="stage-comments-drawer">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h6" component="h2" id={titleId} sx={{ flex: 1 }}>
              {t('configPages.review.comments')}
            </Typography>
            <IconButton onClick={() => setOpen(false)} aria-label={t('configPages.review.close')}>
              <CloseIcon />
            </IconButton>
          </Box>
          {abilities.comment && (
            <CommentComposer
              label={t('configPages.review.commentOnSection')}
              submitLabel={t('configPages.review.send')}
              people={viewer.people}
              onNeedPeople={viewer.onNeedPeople}
              onSend={(body) => review.startThread('', body)}
              testId="section-comment-input"
            />
          )}
          {sorted.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('configPages.review.none')}
            </Typography>
          )}
          {sorted.map((th) => (
            <Box key={th.id}>
              <Divider sx={{ my: 1 }} />
              <ThreadView
                thread={th}
                viewer={viewer}
                actions={actions}
                title={threadLabel(th, scope.labelFor, t)}
                onShowField={() => {
                  setOpen(false);
                  setTimeout(() => review.showField(th.pointer), 0);
                }}
              />
            </Box>
          ))}
        </Box>
      </Drawer>
    </>
  );
}
