/**
 * Review of a config (issue 55): threads of comments on a stage's fields, requests for changes, and
 * who else has a stage page open. The answers of /configs/{id}/threads..., /configs/{id}/stages/{slug}/request-changes
 * and the events of GET /configs/{id}/events, as JSON Schema for the server's serialiser
 * (server/reviews/) and types for the app (src/reviews/).
 *
 * Permissions (contract/permissions.ts): 'comment configs' opens threads, replies, edits and deletes
 * one's own comments; 'review configs' requests changes and resolves or reopens threads. Tenancy as
 * for the config (a dealer sees their company's configs only).
 *
 * Mentions: a comment names a person as the token `@[Name](user:ID)` in its markdown, e.g.
 * `Please check this, @[Hugo Harbour](user:5).` (`mentionToken(person)` writes one, `MENTION_PATTERN`
 * finds them). `ID` must be one of GET /configs/{id}/mentionable (else 422 on `body`); each person
 * mentioned gets an in-app notification and a mail in their language. `Name` is what the comment
 * shows (as `@Name`); the server does not check it against the person's name. Square brackets and
 * line breaks cannot be part of a Name (mentionToken drops them).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableString, text } from './schema-parts';

/** A comment may be edited by its author for this long after it was written. */
export const COMMENT_EDIT_MINUTES = 10;
/** The longest comment (characters). */
export const COMMENT_MAX = 5000;
/** A page not heard from for this long (its stream's heartbeat) is no longer present. */
export const PRESENCE_STALE_SECONDS = 45;
/** How often an open stage page's stream says it is still there. */
export const PRESENCE_HEARTBEAT_SECONDS = 15;

/** A mention in a comment's body: group 1 the name shown, group 2 the user id (global: use with matchAll). */
export const MENTION_PATTERN = /@\[([^\]\r\n]{1,200})\]\(user:([1-9][0-9]{0,9})\)/g;

/** The token that mentions `person` in a comment body. */
export function mentionToken(person: { id: number; name: string }): string {
  const name = person.name.replace(/[[\]\r\n]/g, ' ').trim().slice(0, 200) || String(person.id);
  return `@[${name}](user:${person.id})`;
}

export const THREAD_STATUSES = ['open', 'resolved'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** A person as a review answer names them. */
export const reviewPerson = {
  type: 'object',
  required: ['id', 'name', 'avatar'],
  properties: { id, name: text, avatar: nullableString },
  additionalProperties: false,
} as const;
export type ReviewPerson = FromSchema<typeof reviewPerson>;

/** One comment. A deleted one keeps its place with an empty body (`deleted`). */
export const reviewComment = {
  type: 'object',
  required: ['id', 'thread_id', 'author', 'body', 'created_at', 'edited_at', 'deleted', 'editable_until'],
  properties: {
    id,
    thread_id: id,
    /** Null once the author's account is gone. */
    author: { anyOf: [reviewPerson, { type: 'null' }] },
    /** Markdown as typed (rendered escaped, as the rest of the portal renders markdown). */
    body: text,
    created_at: text,
    edited_at: nullableString,
    deleted: { type: 'boolean' },
    /** Until when its author may edit it (created_at + COMMENT_EDIT_MINUTES). */
    editable_until: text,
  },
  additionalProperties: false,
} as const;
export type ReviewComment = FromSchema<typeof reviewComment>;

/**
 * A thread on a field (`pointer`, inside the stage's data) or on the stage as a whole (`pointer` '').
 * A thread through a list row follows its row: `pointer` is where the row is now; `orphaned` when the
 * row was removed (`pointer` then as it was written).
 */
export const reviewThread = {
  type: 'object',
  required: ['id', 'config_id', 'stage', 'pointer', 'orphaned', 'status', 'created_by', 'created_at', 'resolved_by', 'resolved_at', 'comments'],
  properties: {
    id,
    config_id: id,
    stage: text,
    pointer: text,
    orphaned: { type: 'boolean' },
    status: { type: 'string', enum: [...THREAD_STATUSES] },
    created_by: { anyOf: [reviewPerson, { type: 'null' }] },
    created_at: text,
    resolved_by: { anyOf: [reviewPerson, { type: 'null' }] },
    resolved_at: nullableString,
    comments: { type: 'array', items: reviewComment },
    message: text,
  },
  additionalProperties: false,
} as const;
export type ReviewThread = FromSchema<typeof reviewThread>;

/** POST /configs/{id}/threads. */
export interface NewThreadBody {
  stage: string;
  /** '' or absent: the stage as a whole. */
  pointer?: string;
  body: string;
}
/** POST /configs/{id}/threads/{threadId}/comments, PUT /configs/{id}/comments/{commentId}. */
export interface CommentBody {
  body: string;
}
/** POST /configs/{id}/stages/{slug}/request-changes: the stage goes back to the dealer as a draft. */
export interface RequestChangesBody {
  /** Said to the dealer above the open threads (optional). */
  message?: string;
}

/** The answer of a request for changes: the stage's new state, the config's version and the open threads it sends back. */
export const changeRequestAnswer = {
  type: 'object',
  required: ['stage', 'state', 'version', 'open_threads', 'message'],
  properties: {
    stage: text,
    state: text,
    version: id,
    open_threads: { type: 'array', items: id },
    message: text,
  },
  additionalProperties: false,
} as const;
export type ChangeRequestAnswer = FromSchema<typeof changeRequestAnswer>;

/** GET /configs/{id}/threads/counts: open threads per stage (the config dashboard). */
export const threadCounts = {
  type: 'object',
  additionalProperties: { type: 'integer' },
} as const;
export type ThreadCounts = Record<string, number>;

/** GET /configs/{id}/mentionable: the people who can see the config (the dealer's colleagues, its project and account managers). */
export const mentionable = { type: 'array', items: reviewPerson } as const;

/**
 * The events of GET /configs/{id}/events?stage=slug (server-sent events, one JSON object per `data:`
 * line, named by `event:`):
 * - `presence`: who has this stage page open now, other than the reader's own page;
 * - `saved`: someone saved the config (`stage` written, new `version`, `by`, the stage-relative
 *   pointers it changed in the stage the reader has open);
 * - `thread`: a thread of this config changed (opened, replied, resolved, deleted comment);
 * - `expired`: the last event before the server ends the stream: `token`, the access token that
 *   opened it expired (renew it and connect again); `session`, the session ended (signed out,
 *   password changed, account disabled: connect again only with a new sign-in's token).
 */
export interface PresenceEvent {
  users: ReviewPerson[];
}
export interface SavedEvent {
  version: number;
  stage: string | null;
  by: ReviewPerson | null;
  /** The pointers changed in the stage the stream was opened for (empty when another stage). */
  fields: string[];
}
export interface ThreadEvent {
  thread_id: number;
  stage: string;
}
export interface ExpiredEvent {
  reason: 'token' | 'session';
}
