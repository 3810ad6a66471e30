/** The notifications' addresses (src/notifications/routes.ts: 'Notification Preferences'): the bell and the user menu link there. */
export const notificationPreferencesPath = '/notifications/preferences';
