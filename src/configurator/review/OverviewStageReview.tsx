import { useMemo, type ReactNode } from 'react';
import type { ReviewThread } from './api';
import { overviewPlace } from './overviewPlace';
import { ReviewProvider } from './ReviewContext';
import type { ReviewScope } from './reviewState';

export interface OverviewStageReviewProps extends Pick<ReviewScope, 'configId' | 'stage' | 'stageState' | 'user' | 'labelFor' | 'api'> {
  /** The stage's threads (the overview reads every stage's in one request). */
  threads: readonly ReviewThread[];
  /** The pointers the overview shows a row for (`dashboard/SummaryView.tsx shownPointers`). */
  shown: readonly string[];
  children: ReactNode;
}

/**
 * One stage's review on the overview (issue 55): the stage page's ReviewProvider, markers and thread
 * panel, with the overview's threads, each placed by the nearest row shown (`overviewPlace`; the
 * rest by the stage's heading, asked for '') and no "Add a comment" beside every row (the overview
 * is for reading: markers show where threads are). Read, reply, resolve as on the stage page, with
 * the same permissions.
 */
export function OverviewStageReview({ threads, shown, children, ...scope }: OverviewStageReviewProps) {
  const key = shown.join('\n');
  const placeOf = useMemo(() => {
    const rows = new Set(key.split('\n'));
    return (thread: ReviewThread) => overviewPlace(thread, rows);
  }, [key]);
  return (
    <ReviewProvider {...scope} threads={threads} addOnFields={false} placeOf={placeOf}>
      {children}
    </ReviewProvider>
  );
}
