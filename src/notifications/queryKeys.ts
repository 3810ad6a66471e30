/** react-query keys of the notifications, the API resource first. */
export const notificationKeys = {
  /** GET /notifications (the bell). */
  mine: () => ['notifications', 'mine'] as const,
  /** GET /notifications/preferences. */
  preferences: () => ['notifications', 'preferences'] as const,
};
