import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

const NotificationList = lazyPage(() => import('./NotificationList'));

/** The notification templates resource (`tasks/notifications` on the API), shown at `/tasks/notifications` (routing/routeElements.tsx). */
const taskNotifications = {
  list: NotificationList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default taskNotifications;
