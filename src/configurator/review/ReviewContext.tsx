import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { FieldAddonsProvider, type FieldAddons } from '../../../engine/react';
import { reviewApi as appApi } from './api';
import { reviewAbilities } from './abilities';
import { ownField, ReviewContext, useReview, type OpenPanel, type ReviewScope, type ReviewState } from './reviewState';
import { FieldMarker } from './FieldMarker';
import { ThreadPanel } from './ThreadPanel';
import { useLatestRequest, useMentionable, useReviewWrite, useStageThreads } from './useReview';
import type { ReviewViewer, ThreadActions } from './ThreadView';

const ok = (p: Promise<unknown>) => p.then(() => true);
const cssEscape = (s: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&'));

/** The marker beside one field, fed from the stage's threads placed there (`placeOf`). */
function ConnectedMarker({ pointer, label }: { pointer: string; label: string }) {
  const review = useReview();
  if (!review) return null;
  const here = review.threads.filter((th) => review.placeOf(th) === pointer);
  return (
    <FieldMarker
      pointer={pointer}
      label={label}
      open={here.filter((th) => th.status === 'open').length}
      total={here.length}
      canAdd={review.abilities.addOnFields}
      onOpen={(anchor) => review.openPanel(pointer, anchor, label)}
    />
  );
}

/**
 * The review of one stage (issue 55) for everything inside it: the stage's threads (read fresh,
 * again after every write), the reader's abilities, the one thread panel, and the engine's field
 * addons (a marker beside each field with threads, "Add a comment" where the reader may start one).
 */
export function ReviewProvider({ children, configId, companyKey, stage, stageState, user, labelFor, onChangesRequested, api: givenApi, threads: given, addOnFields: addAllowed = true, placeOf: givenPlace }: ReviewScope & { children: ReactNode }) {
  const api = givenApi ?? appApi;
  const scope = useMemo<ReviewScope>(() => ({ configId, companyKey, stage, stageState, user, labelFor, onChangesRequested, api }), [configId, companyKey, stage, stageState, user, labelFor, onChangesRequested, api]);
  const abilities = useMemo(() => {
    const own = reviewAbilities(user, stageState);
    return addAllowed ? own : { ...own, addOnFields: false };
  }, [user, stageState, addAllowed]);
  // Threads the page read itself need no read here.
  const query = useStageThreads(configId, stage, api, given === undefined);
  const threads = useMemo(() => given ?? query.data ?? [], [given, query.data]);
  const placeOf = givenPlace ?? ownField;
  // Asked only on a draft: a request for changes sends the stage back as one.
  const request = useLatestRequest(stageState === 'draft' ? companyKey : undefined, configId, stage, api).data ?? null;
  const [needPeople, setNeedPeople] = useState(false);
  const people = useMentionable(configId, needPeople && abilities.comment, api).data;
  const { write } = useReviewWrite(configId, api);
  const [panel, setPanel] = useState<OpenPanel | null>(null);

  const actions = useMemo<ThreadActions>(
    () => ({
      reply: (threadId, body) => ok(write((a) => a.reply(configId, threadId, { body }))),
      edit: (commentId, body) => ok(write((a) => a.editComment(configId, commentId, { body }))),
      remove: (commentId) => ok(write((a) => a.deleteComment(configId, commentId))),
      resolve: (threadId) => ok(write((a) => a.resolve(configId, threadId))).catch(() => false),
      reopen: (threadId) => ok(write((a) => a.reopen(configId, threadId))).catch(() => false),
    }),
    [write, configId],
  );
  const viewer = useMemo<ReviewViewer>(
    () => ({ userId: user?.id ?? null, canComment: abilities.comment, canReview: abilities.review, people: people ?? [], onNeedPeople: () => setNeedPeople(true) }),
    [user, abilities, people],
  );
  const openPanel = useCallback((pointer: string, anchor: HTMLElement | null, label?: string) => setPanel({ pointer, anchor, label: label || labelFor(pointer) }), [labelFor]);
  const closePanel = useCallback(() => setPanel(null), []);
  const showField = useCallback(
    (pointer: string) => {
      const field = document.querySelector<HTMLElement>(`[data-field-pointer="${cssEscape(pointer)}"]`);
      const marker = document.querySelector<HTMLElement>(`[data-review-marker="${cssEscape(pointer)}"]`);
      field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      marker?.focus({ preventScroll: true });
      openPanel(pointer, marker);
    },
    [openPanel],
  );
  const startThread = useCallback((pointer: string, body: string) => ok(write((a) => a.openThread(configId, { stage, pointer, body }))), [write, configId, stage]);
  const requestChanges = useCallback(
    async (message: string) => {
      await write((a) => a.requestChanges(configId, stage, message.trim() ? { message: message.trim() } : {}));
      onChangesRequested?.();
      return true;
    },
    [write, configId, stage, onChangesRequested],
  );

  const value = useMemo<ReviewState>(
    () => ({ scope, abilities, viewer, actions, threads, request, loaded: given !== undefined || query.isSuccess, placeOf, panel, openPanel, closePanel, showField, startThread, requestChanges }),
    [scope, abilities, viewer, actions, threads, request, given, query.isSuccess, placeOf, panel, openPanel, closePanel, showField, startThread, requestChanges],
  );

  // The fields that get a marker: those with threads placed there, and every input where the reader
  // may start one. A new object only when that set changes (a new one renders every field of the form again).
  // (JSON: '' is a place too, the overview's stage heading.)
  const pointers = JSON.stringify([...new Set(threads.map(placeOf).filter((p): p is string => p !== null))].sort());
  const { addOnFields } = abilities;
  const addons = useMemo<FieldAddons>(() => {
    const marked = new Set(JSON.parse(pointers) as string[]);
    return { render: ({ pointer, label, kind }) => (marked.has(pointer) || (addOnFields && kind === 'value') ? <ConnectedMarker pointer={pointer} label={label} /> : null) };
  }, [pointers, addOnFields]);

  return (
    <ReviewContext.Provider value={value}>
      <FieldAddonsProvider value={addons}>{children}</FieldAddonsProvider>
      <ThreadPanel />
    </ReviewContext.Provider>
  );
}
