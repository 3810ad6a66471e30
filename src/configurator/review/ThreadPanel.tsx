import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewThread } from './api';
import { CommentComposer } from './CommentComposer';
import { useReview } from './reviewState';
import { threadLabel } from './threadLabels';
import { ThreadView, type ReviewViewer, type ThreadActions } from './ThreadView';

export interface ThreadPanelBodyProps {
  /** The field's label ("Postcode"). */
  label: string;
  /** The threads on the field, open ones first. */
  threads: readonly ReviewThread[];
  viewer: ReviewViewer;
  actions: ThreadActions;
  /** Starts a thread on the field (offered when none is open and the reader may comment). */
  onStart(body: string): Promise<boolean>;
  onClose(): void;
  titleId?: string;
  /** A thread's own title, for threads about another field than the panel's (the overview's row of an address holds its town's). */
  titleOf?(thread: ReviewThread): string | undefined;
}

/** What the panel holds: the field's threads, and a box to start one when none is open. */
export function ThreadPanelBody({ label, threads, viewer, actions, onStart, onClose, titleId, titleOf }: ThreadPanelBodyProps) {
  const { t } = useTranslation('common');
  const sorted = [...threads].sort((a, b) => (a.status === b.status ? 0 : a.status === 'open' ? -1 : 1));
  const anyOpen = threads.some((th) => th.status === 'open');
  return (
    <Box sx={{ p: 2, width: { xs: 'auto', sm: 420 }, maxWidth: '100%' }} data-testid="thread-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ flex: 1 }}>
          {t('configPages.review.panelTitle', { field: label || t('configPages.review.thisField') })}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('configPages.review.close')} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {sorted.map((th) => (
        <ThreadView key={th.id} thread={th} viewer={viewer} actions={actions} title={titleOf?.(th)} />
      ))}
      {threads.length === 0 && !viewer.canComment && (
        <Typography variant="body2" color="text.secondary">
          {t('configPages.review.none')}
        </Typography>
      )}
      {!anyOpen && viewer.canComment && (
        <Box sx={{ pt: 1 }}>
          <CommentComposer label={t('configPages.review.addComment')} submitLabel={t('configPages.review.send')} people={viewer.people} onNeedPeople={viewer.onNeedPeople} onSend={onStart} autoFocus testId="new-thread-input" />
        </Box>
      )}
    </Box>
  );
}

/**
 * The thread panel of the field the reader opened: a popover beside its marker on wider screens, a
 * bottom drawer on phones (and when the field is not on screen: a closed accordion item, another page
 * of a list).
 */
export function ThreadPanel() {
  const review = useReview();
  const theme = useTheme();
  const { t } = useTranslation('common');
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const panel = review?.panel ?? null;
  if (!review || !panel) return null;
  // The threads placed at the field; on the stage page also a thread with no place (whole stage,
  // orphaned) opened by its pointer from the comments list or the changes alert.
  const threads = review.threads.filter((th) => {
    const place = review.placeOf(th);
    return place === panel.pointer || (place === null && th.pointer === panel.pointer);
  });
  const body = (
    <ThreadPanelBody
      label={panel.label}
      threads={threads}
      viewer={review.viewer}
      actions={review.actions}
      onStart={(text) => review.startThread(panel.pointer, text)}
      onClose={review.closePanel}
      titleId={titleId}
      titleOf={(th) => (th.pointer === panel.pointer && !th.orphaned ? undefined : threadLabel(th, review.scope.labelFor, t))}
    />
  );
  const anchor = panel.anchor && panel.anchor.isConnected ? panel.anchor : null;
  if (phone || !anchor) {
    return (
      <Drawer anchor="bottom" open onClose={review.closePanel} slotProps={{ paper: { 'aria-labelledby': titleId, role: 'dialog', sx: { maxHeight: '85vh' } } as object }}>
        {body}
      </Drawer>
    );
  }
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={review.closePanel}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { 'aria-labelledby': titleId, role: 'dialog', sx: { maxHeight: '80vh' } } as object }}
    >
      {body}
    </Popover>
  );
}
