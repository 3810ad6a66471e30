import { http, type HttpClient } from '../../http';
import type { ChangeRequestAnswer, CommentBody, NewThreadBody, RequestChangesBody, ReviewComment, ReviewPerson, ReviewThread, ThreadCounts, ThreadStatus } from '../../../contract/reviews';
import { COMMENT_EDIT_MINUTES, COMMENT_MAX } from '../../../contract/reviews';

/** The answer types of the review routes (issue 55), as the contract derives them from the server's schemas. */
export type { ChangeRequestAnswer, ReviewComment, ReviewPerson, ReviewThread, ThreadCounts, ThreadStatus };
export { COMMENT_EDIT_MINUTES, COMMENT_MAX };

const at = (configId: number | string) => `/configs/${encodeURIComponent(String(configId))}`;

/**
 * The review routes of one HTTP client (the app's: `reviewApi`; a test's against its own server).
 * Reads take react-query's `signal` and bypass the storage cache; writes are not growled (the
 * thread panel says what failed beside the box the user typed in).
 */
export function createReviewApi(client: HttpClient) {
  return {
    /** `GET /configs/{id}/threads?stage=`: the stage's threads, open and resolved (or only `status`). */
    threads: (configId: number | string, stage: string, signal?: AbortSignal, status?: ThreadStatus) =>
      client.get<ReviewThread[]>(`${at(configId)}/threads`, { query: { stage, ...(status ? { status } : {}) }, cache: false, signal }),
    /** `GET /configs/{id}/threads/counts`: open threads per stage slug. */
    counts: (configId: number | string, signal?: AbortSignal) => client.get<ThreadCounts>(`${at(configId)}/threads/counts`, { cache: false, signal }),
    /** `GET /configs/{id}/mentionable`: who can see the config, so may be mentioned. */
    mentionable: (configId: number | string, signal?: AbortSignal) => client.get<ReviewPerson[]>(`${at(configId)}/mentionable`, { cache: false, signal }),
    /** `POST /configs/{id}/threads`: a thread on a field (`pointer`) or on the stage ('' / absent). */
    openThread: (configId: number | string, body: NewThreadBody) => client.post<ReviewThread>(`${at(configId)}/threads`, body, { notify: false }),
    /** `POST .../threads/{threadId}/comments`: a reply (the answer is not relied on: the stage's threads are read again). */
    reply: (configId: number | string, threadId: number, body: CommentBody) => client.post<unknown>(`${at(configId)}/threads/${threadId}/comments`, body, { notify: false }),
    editComment: (configId: number | string, commentId: number, body: CommentBody) => client.put<unknown>(`${at(configId)}/comments/${commentId}`, body, { notify: false }),
    deleteComment: (configId: number | string, commentId: number) => client.delete<unknown>(`${at(configId)}/comments/${commentId}`, { notify: false }),
    resolve: (configId: number | string, threadId: number) => client.post<unknown>(`${at(configId)}/threads/${threadId}/resolve`, {}, { notify: false }),
    reopen: (configId: number | string, threadId: number) => client.post<unknown>(`${at(configId)}/threads/${threadId}/reopen`, {}, { notify: false }),
    /** `POST /configs/{id}/stages/{slug}/request-changes`: the stage goes back to the dealer as a draft. */
    requestChanges: (configId: number | string, slug: string, body: RequestChangesBody) =>
      client.post<ChangeRequestAnswer>(`${at(configId)}/stages/${encodeURIComponent(slug)}/request-changes`, body, { notify: false }),
  };
}

export type ReviewApi = ReturnType<typeof createReviewApi>;

/** The app's review calls, over the one HTTP client. */
export const reviewApi: ReviewApi = createReviewApi(http);
