import { http, type HttpClient } from '../../http';
import type { ChangeRequestAnswer, CommentBody, NewThreadBody, RequestChangesBody, ReviewComment, ReviewPerson, ReviewThread, ThreadCounts, ThreadStatus } from '../../../contract/reviews';
import { COMMENT_EDIT_MINUTES, COMMENT_MAX } from '../../../contract/reviews';
import type { HistoryPage } from '../../../contract/configs';

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
    /** `GET /configs/{id}/threads`: every thread of the config the reader may see, all stages at once (the overview). */
    allThreads: (configId: number | string, signal?: AbortSignal) => client.get<ReviewThread[]>(`${at(configId)}/threads`, { cache: false, signal }),
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
    /**
     * The request for changes the stage is under now, from its history (newest first): the latest
     * `request_changes` revision of the stage, unless the stage was sent again since (a revision of it
     * to another state). Null when there is none. `companyKey` and `configId` as the history route takes them.
     */
    latestRequest: async (companyKey: string, configId: number | string, slug: string, signal?: AbortSignal): Promise<LatestRequest | null | undefined> => {
      const page = await client.get<HistoryPage>(`/companies/${encodeURIComponent(companyKey)}/configs/${encodeURIComponent(String(configId))}/history`, { query: { page: 1, perPage: 20, stage: slug }, cache: false, signal });
      return page ? currentRequest(page.data, slug) : undefined;
    },
    /** `POST /configs/{id}/stages/{slug}/request-changes`: the stage goes back to the dealer as a draft. */
    requestChanges: (configId: number | string, slug: string, body: RequestChangesBody) =>
      client.post<ChangeRequestAnswer>(`${at(configId)}/stages/${encodeURIComponent(slug)}/request-changes`, body, { notify: false }),
  };
}

export type ReviewApi = ReturnType<typeof createReviewApi>;

/**
 * The request for changes a stage is under, from its revisions newest first: the latest
 * `request_changes` of the stage, unless a later revision sent the stage on (to a state other than draft).
 * @example currentRequest([{ stage: 'locations', action: 'request_changes', user: { name: 'Pat' }, message: 'Check', created_at: 't', new_state: 'draft' }], 'locations') // { by: 'Pat', message: 'Check', at: 't' }
 */
export function currentRequest(revisions: ReadonlyArray<Pick<HistoryPage['data'][number], 'stage' | 'action' | 'new_state' | 'message' | 'created_at'> & { user: { name: string | null } | null }>, slug: string): LatestRequest | null {
  for (const r of revisions) {
    if (r.stage !== slug) continue;
    if (r.action === 'request_changes') return { by: r.user?.name ?? null, message: r.message, at: r.created_at };
    if (r.new_state && r.new_state !== 'draft') return null;
  }
  return null;
}

/** A request for changes as the dealer reads it above the form: who asked, what they said, when. */
export interface LatestRequest {
  by: string | null;
  message: string | null;
  at: string;
}

/** The app's review calls, over the one HTTP client. */
export const reviewApi: ReviewApi = createReviewApi(http);
