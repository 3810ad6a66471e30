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
}

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

