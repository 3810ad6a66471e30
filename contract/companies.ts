import { REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX } from './notifications';

/**
 * The Company enumerations of spec sections 3 and 4, defined once: the server's route schemas and
 * list filters accept them (server/companies/), the app's company form and list offer them
 * (src/companies/choices.ts).
 */

/** Spec section 3/4: configurator or showcase; 'created' also appears (prefills registered details). */
export const COMPANY_STAGES = ['created', 'configurator', 'showcase'] as const;
export type CompanyStage = (typeof COMPANY_STAGES)[number];

/** Status defaults to active (spec section 4); other values are not shown, so staff may only switch a company off. */
export const COMPANY_STATUSES = ['active', 'inactive'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/**
 * Spec section 3: the taxonomies a company is tagged with, in the spec's order. The server's route
 * schemas, writes and list filters and the app's company form and list use this one list.
 */
export const COMPANY_TAXONOMIES = ['type', 'region', 'partner', 'make'] as const;
export type CompanyTaxonomy = (typeof COMPANY_TAXONOMIES)[number];

/**
 * Reminders of untouched stages (issue 55): a company's `reminder_days` is the number of days, 1 to
 * REMINDER_DAYS_MAX, nothing of a config must be saved for before its users are reminded of its
 * stages still waiting; null: no reminders. A new company gets REMINDER_DAYS_DEFAULT. The server's
 * writes refuse anything else (422 on `reminder_days`); the app's company form offers the same range.
 */
export { REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX };
export type ReminderDays = number | null;

/** True for what `reminder_days` may be: null (off) or a whole number of days from 1 to REMINDER_DAYS_MAX. */
export function isReminderDays(value: unknown): value is ReminderDays {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= REMINDER_DAYS_MAX);
}
