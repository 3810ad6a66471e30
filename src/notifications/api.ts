import type { DeliveryChannel, NotificationKind, NotificationPreferences } from '../../contract/notifications';
import type { NotificationsPage, NotificationsRead } from '../../contract/variations';
import { http, type HttpClient } from '../http';

export type { NotificationsPage, NotificationsRead };
export type { UserNotification } from '../../contract/variations';
export type Preferences = Record<NotificationKind, DeliveryChannel>;

/**
 * The notification routes of one HTTP client (the app's: `notificationsApi`; a test's against its
 * own server): the bell's list and marking read (server/projects/projects.inbox.ts), and the
 * preferences (server/notifications/). Reads take react-query's `signal` and bypass the storage
 * cache (react-query is the one cache); writes are not growled: the screen shows the server's words
 * where they belong.
 */
export function createNotificationsApi(client: HttpClient) {
  const read = (signal?: AbortSignal) => ({ cache: false, notify: false, signal }) as const;
  const write = { notify: false } as const;
  return {
    /** `GET /notifications`: my newest 20 and how many are unread. */
    list: (signal?: AbortSignal) => client.get<NotificationsPage>('/notifications', { ...read(signal), query: { page: 1, per_page: 20 } }),
    markRead: (id: number) => client.post<NotificationsRead>(`/notifications/${encodeURIComponent(String(id))}/read`, undefined, write),
    markAllRead: () => client.post<NotificationsRead>('/notifications/read', undefined, write),
    /** `GET /notifications/preferences`: every kind with my channel (else its default). */
    preferences: (signal?: AbortSignal) => client.get<NotificationPreferences>('/notifications/preferences', read(signal)),
    /** `PUT /notifications/preferences`: the kinds given change; answers every kind and `message`. */
    savePreferences: (preferences: Partial<Preferences>) => client.put<NotificationPreferences>('/notifications/preferences', { preferences }, write),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;

/** The app's. */
export const notificationsApi = createNotificationsApi(http);
