/**
 * How each person hears of things (issue 55, "Reminders and preferences"): per kind of event, a
 * channel. The server keeps one row per person and kind they changed (`notification_preferences`);
 * a kind they never chose has its default below. Events outside these kinds (a task done, a
 * variation decided) go as their templates say.
 */
import type { NotificationEvent } from './tracker';

/** The kinds a person chooses a channel for, in the order the preferences page lists them. */
export const NOTIFICATION_KINDS = ['mention', 'changes_requested', 'reply', 'stages_waiting', 'task_due', 'agreement_to_sign', 'variation_to_approve'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * - `in_app`: the bell only;
 * - `mail`: the bell and a mail at once;
 * - `digest`: the bell, and one mail a day listing what came since the last (DIGEST_HOUR, UTC);
 * - `none`: nothing at all.
 */
export const DELIVERY_CHANNELS = ['in_app', 'mail', 'digest', 'none'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** What a person who never chose gets: a reply stays in the app (a thread can be long); the rest mail. */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationKind, DeliveryChannel>> = {
  mention: 'mail',
  changes_requested: 'mail',
  reply: 'in_app',
  stages_waiting: 'mail',
  task_due: 'mail',
  agreement_to_sign: 'mail',
  variation_to_approve: 'mail',
};

/** The kind an in-app notification's event belongs to; events not named here have no preference. */
export const KIND_OF_EVENT: Readonly<Partial<Record<NotificationEvent, NotificationKind>>> = {
  mention: 'mention',
  changes_requested: 'changes_requested',
  reply: 'reply',
  stages_waiting: 'stages_waiting',
  task_due: 'task_due',
  task_overdue: 'task_due',
  agreement_to_sign: 'agreement_to_sign',
  agreement_reminder: 'agreement_to_sign',
  variation_pending: 'variation_to_approve',
};

/** GET /notifications/preferences, and the PUT's answer (with `message`). */
export const notificationPreferencesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['preferences'],
  properties: {
    /** Every kind, with the person's channel (their choice, else the default). */
    preferences: {
      type: 'object',
      additionalProperties: false,
      required: [...NOTIFICATION_KINDS],
      properties: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { type: 'string', enum: [...DELIVERY_CHANNELS] }])) as Record<NotificationKind, { type: 'string'; enum: DeliveryChannel[] }>,
    },
    message: { type: 'string' },
  },
} as const;
export interface NotificationPreferences {
  preferences: Record<NotificationKind, DeliveryChannel>;
  message?: string;
}

/** PUT /notifications/preferences: the kinds to change (the others keep theirs). */
export interface NotificationPreferencesBody {
  preferences: Partial<Record<NotificationKind, DeliveryChannel>>;
}

/** Reminders of untouched stages (per company, `companies.reminder_days`): off, or after 1..REMINDER_DAYS_MAX days. */
export const REMINDER_DAYS_DEFAULT = 7;
export const REMINDER_DAYS_MAX = 90;

/** A sent agreement is reminded after this many days unless staff chose otherwise (`agreements.remind_after_days`). */
export const AGREEMENT_REMINDER_DAYS_DEFAULT = 3;
