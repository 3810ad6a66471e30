import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea } from '../routing/define';

/** How each person hears of things (issue 55): their preferences page, for everyone signed in. */
export default defineArea({
  routes: [auth('Notification Preferences', '/notifications/preferences', 'routes.notificationPreferences')],
  pages: {
    'Notification Preferences': lazyPage(() => import('./NotificationPreferencesPage'), ['notifications']),
  },
});
