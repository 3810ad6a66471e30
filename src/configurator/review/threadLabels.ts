import type { TFunction } from 'i18next';
import type { ReviewThread } from './api';
import { plainBody } from './mentions';

/** What a thread is about, as a reader names it: the field's label, or "This section as a whole". */
export function threadLabel(thread: Pick<ReviewThread, 'pointer'>, labelFor: (pointer: string) => string, t: TFunction): string {
  return thread.pointer === '' ? t('configPages.review.wholeStage') : labelFor(thread.pointer);
}

/**
 * A thread's first comment as one line of plain text, cut at `max` characters (lists and the dialog).
 * @example threadPreview({ comments: [{ body: 'Check @[Pat](user:7)', deleted: false }] }) // 'Check @Pat'
 */
export function threadPreview(thread: { comments: ReadonlyArray<{ body: string; deleted: boolean }> }, max = 120): string {
  const first = thread.comments.find((c) => !c.deleted);
  const text = first ? plainBody(first.body).replace(/\s+/g, ' ').trim() : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Open threads first, then by when they were opened. */
export const byStatusThenAge = (a: ReviewThread, b: ReviewThread) => (a.status === b.status ? a.created_at.localeCompare(b.created_at) : a.status === 'open' ? -1 : 1);
