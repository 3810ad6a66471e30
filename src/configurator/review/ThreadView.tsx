import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { formatDateTime, formatRelativeTime } from '../../i18n/format';
import type { ReviewComment, ReviewPerson, ReviewThread } from './api';
import { CommentComposer } from './CommentComposer';
import { CommentText } from './CommentText';

/** Who reads the thread and what they may do ('comment configs', 'review configs'). */
export interface ReviewViewer {
  userId: number | null;
  canComment: boolean;
  canReview: boolean;
  /** The people a comment may mention. */
  people: readonly ReviewPerson[];
  /** Asks for `people` (the first `@` typed). */
  onNeedPeople?(): void;
  /** The moment times are relative to (stories and tests fix it); default now. */
  now?: number;
}

/** What a thread's buttons do; each resolves true when the server took it. */
export interface ThreadActions {
  reply(threadId: number, body: string): Promise<boolean>;
  edit(commentId: number, body: string): Promise<boolean>;
  remove(commentId: number): Promise<boolean>;
  resolve(threadId: number): Promise<boolean>;
  reopen(threadId: number): Promise<boolean>;
}

/** The author may still edit it (own, not deleted, before `editable_until`). */
export const editable = (c: ReviewComment, userId: number | null, now: number) => !c.deleted && userId !== null && c.author?.id === userId && now < Date.parse(c.editable_until);
const own = (c: ReviewComment, userId: number | null) => !c.deleted && userId !== null && c.author?.id === userId;

function When({ at, now }: { at: string; now: number }) {
  const { i18n } = useTranslation('common');
  return (
    <Typography component="time" variant="caption" color="text.secondary" dateTime={at} title={formatDateTime(at, i18n.language)}>
      {formatRelativeTime(at, i18n.language, now)}
    </Typography>
  );
}

function CommentItem({ comment, viewer, actions, now }: { comment: ReviewComment; viewer: ReviewViewer; actions: ThreadActions; now: number }) {
  const { t } = useTranslation('common');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = comment.author?.name ?? t('configPages.review.someone');
  return (
    <Box component="li" data-testid="review-comment" data-comment={comment.id} sx={{ listStyle: 'none', py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span">
          {name}
        </Typography>
        <When at={comment.created_at} now={now} />
        {comment.edited_at && !comment.deleted && (
          <Typography variant="caption" color="text.secondary" data-testid="comment-edited">
            {t('configPages.review.edited')}
          </Typography>
        )}
      </Box>
      {comment.deleted ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="comment-deleted">
          {t('configPages.review.deleted')}
        </Typography>
      ) : editing ? (
        <CommentComposer
          label={t('configPages.review.editLabel')}
          submitLabel={t('configPages.review.save')}
          initial={comment.body}
          people={viewer.people}
          onNeedPeople={viewer.onNeedPeople}
          autoFocus
          testId="comment-edit"
          onCancel={() => setEditing(false)}
          onSend={async (body) => {
            const ok = await actions.edit(comment.id, body);
            if (ok) setEditing(false);
            return ok;
          }}
        />
      ) : (
        <CommentText body={comment.body} />
      )}
      {!editing && own(comment, viewer.userId) && (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {editable(comment, viewer.userId, now) && (
            <Button size="small" onClick={() => setEditing(true)} aria-label={t('configPages.review.editOf', { name })} data-testid="comment-edit-button">
              {t('configPages.review.edit')}
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setDeleting(true)} aria-label={t('configPages.review.deleteOf', { name })} data-testid="comment-delete-button">
            {t('configPages.review.delete')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting}
        title={t('configPages.review.deleteTitle')}
        confirmLabel={t('configPages.review.delete')}
        tone="error"
        onClose={() => setDeleting(false)}
        onConfirm={() => actions.remove(comment.id)}
        testId="comment-delete-dialog"
      >
        {t('configPages.review.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}

export interface ThreadViewProps {
  thread: ReviewThread;
  viewer: ReviewViewer;
  actions: ThreadActions;
  /** Shown above the comments (the drawer names the field); the panel leaves it out. */
  title?: string;
  /** A link to the field (the drawer's "Show field"). */
  onShowField?(): void;
}

/**
 * One thread: its comments (author, how long ago, markdown escaped, mentions in bold, "edited", a
 * deleted one as such), Edit (own, within COMMENT_EDIT_MINUTES) and Delete (own), the reply box
 * ('comment configs', open threads) and Resolve / Reopen ('review configs').
 */
export function ThreadView({ thread, viewer, actions, title, onShowField }: ThreadViewProps) {
  const { t, i18n } = useTranslation('common');
  const now = viewer.now ?? Date.now();
  const resolved = thread.status === 'resolved';
  return (
    <Box component="section" aria-label={title ?? t('configPages.review.thread')} data-testid="review-thread" data-thread={thread.id} data-status={thread.status} sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {title && (
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mr: 'auto' }}>
            {title}
          </Typography>
        )}
        <Chip size="small" variant="outlined" color={resolved ? 'success' : 'warning'} label={t(resolved ? 'configPages.review.statusResolved' : 'configPages.review.statusOpen')} />
        {thread.orphaned && <Chip size="small" variant="outlined" label={t('configPages.review.orphaned')} data-testid="thread-orphaned" />}
        {onShowField && !thread.orphaned && thread.pointer !== '' && (
          <Button size="small" onClick={onShowField} data-testid="thread-show-field">
            {t('configPages.review.showField')}
          </Button>
        )}
        {viewer.canReview && (
          <Button size="small" variant="outlined" sx={{ ml: title ? 0 : 'auto' }} onClick={() => void (resolved ? actions.reopen(thread.id) : actions.resolve(thread.id))} data-testid={resolved ? 'thread-reopen' : 'thread-resolve'}>
            {t(resolved ? 'configPages.review.reopen' : 'configPages.review.resolve')}
          </Button>
        )}
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {thread.comments.map((c) => (
          <CommentItem key={c.id} comment={c} viewer={viewer} actions={actions} now={now} />
        ))}
      </Box>
      {resolved && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="thread-resolved-by">
          {t('configPages.review.resolvedBy', { name: thread.resolved_by?.name ?? t('configPages.review.someone'), when: formatRelativeTime(thread.resolved_at, i18n.language, now) })}
        </Typography>
      )}
      {!resolved && viewer.canComment && (
        <CommentComposer label={t('configPages.review.reply')} submitLabel={t('configPages.review.send')} people={viewer.people} onNeedPeople={viewer.onNeedPeople} onSend={(body) => actions.reply(thread.id, body)} testId="reply-input" />
      )}
    </Box>
  );
}
