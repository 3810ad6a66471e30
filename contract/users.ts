/** The user enumerations server and app share. */

/** A user is active or disabled (disabling ends every session at once); the users list filters on it. */
export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
