import { hasPermission, PERMISSIONS } from '../../auth/permissions';
import type { SessionUser } from '../../auth/types';

/** What a user may do in the review of one stage (the server checks again). */
export interface ReviewAbilities {
  /** 'comment configs': open threads, reply, edit and delete their own comments. */
  comment: boolean;
  /** 'review configs': request changes, resolve and reopen threads. */
  review: boolean;
  /** "Add a comment" beside every field (else only "Comment on this section" and the fields' threads). */
  addOnFields: boolean;
  /** "Request changes" in the heading: a reviewer on a submitted stage. */
  requestChanges: boolean;
}

/**
 * Reviewers get "Add a comment" beside every field in any state: they guide a draft as well as
 * review a submission, and after a request for changes the stage is a draft again while they keep
 * the conversation going. Other commenters (the dealer) get it on a submitted or completed stage,
 * where the form is read only and a comment is how they ask about a field; on their own draft they
 * answer the threads beside the fields and can comment on the section as a whole.
 * @example reviewAbilities(dealer, 'draft') // { comment: true, review: false, addOnFields: false, requestChanges: false }
 */
export function reviewAbilities(user: Pick<SessionUser, 'roles'> | null | undefined, stageState: string): ReviewAbilities {
  const review = hasPermission(user, PERMISSIONS.reviewConfigs);
  const comment = hasPermission(user, PERMISSIONS.commentConfigs);
  return {
    comment,
    review,
    addOnFields: comment && (review || stageState === 'submitted' || stageState === 'completed'),
    requestChanges: review && stageState === 'submitted',
  };
}
