import { createContext, useContext } from 'react';
import type { SessionUser } from '../../auth/types';
import type { ReviewAbilities } from './abilities';
import type { ReviewApi, ReviewThread } from './api';
import type { ReviewViewer, ThreadActions } from './ThreadView';
import type { LatestRequest } from './api';

export interface ReviewScope {
  configId: number;
  /** The config's company (guid or id), for its history: the request for changes the stage is under. */
  companyKey?: string;
  stage: string;
  /** The stage's state (what "Add a comment" and "Request changes" depend on). */
  stageState: string;
  user: Pick<SessionUser, 'id' | 'roles'> | null;
  /** A field's label by its pointer inside the stage ("Locations › Wisbech › Postcode"). */
  labelFor(pointer: string): string;
  /** After a request for changes: the page reads the config again (the stage is a draft now). */
  onChangesRequested?(): void;
  /** The review calls (tests and stories give their own). */
  api?: ReviewApi;
  /** The stage's threads when the page reads them itself (the overview reads every stage's at once); else the provider reads them. */
  threads?: readonly ReviewThread[];
  /** False: no "Add a comment" beside fields without threads (the overview: markers where threads are). */
  addOnFields?: boolean;
  /**
   * Where a thread's marker sits: the pointer of the field that shows it, or null for none. Default:
   * its own field (none for a whole-stage or orphaned thread: the heading's Comments list has them).
   * The overview places a thread by the nearest row it shows, and the rest by the stage's heading ('').
   */
  placeOf?(thread: ReviewThread): string | null;
}

/** A thread's marker by its own field; whole-stage and orphaned threads have none beside a field. */
export const ownField = (thread: ReviewThread): string | null => (thread.orphaned || thread.pointer === '' ? null : thread.pointer);

/** The thread panel on screen: the field it is about and the button it hangs from (none: a bottom drawer). */
export interface OpenPanel {
  pointer: string;
  label: string;
  anchor: HTMLElement | null;
}

export interface ReviewState {
  scope: ReviewScope;
  abilities: ReviewAbilities;
  viewer: ReviewViewer;
  actions: ThreadActions;
  threads: readonly ReviewThread[];
  /** The request for changes the stage is under now (null: none, or not known). */
  request: LatestRequest | null;
  loaded: boolean;
  /** Where a thread's marker sits (`ReviewScope.placeOf`, or its own field). */
  placeOf(thread: ReviewThread): string | null;
  panel: OpenPanel | null;
  openPanel(pointer: string, anchor: HTMLElement | null, label?: string): void;
  closePanel(): void;
  /** Scrolls to the field and opens its panel (a link in the comments list or the changes alert). */
  showField(pointer: string): void;
  startThread(pointer: string, body: string): Promise<boolean>;
  requestChanges(message: string): Promise<boolean>;
}

/** The stage's review (ReviewProvider gives it). */
export const ReviewContext = createContext<ReviewState | null>(null);

/** The stage's review, or null outside a ReviewProvider (no review there: nothing shows). */
export function useReview(): ReviewState | null {
  return useContext(ReviewContext);
}

