import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource, type I18nProvider } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { authProvider } from './auth/authProvider';
import { dataProvider } from './data/dataProvider';
import { queryClient } from './data/queryClient';
import { LiveI18nContext } from './i18n/LiveI18nContext';
import { AppLayout } from './layout/AppLayout';
import { Growl } from './layout/Growl';
import NotFoundPage from './layout/NotFoundPage';
import { appResources, appRoutes } from './routing/routeElements';
import { themeFor } from './theme';

const store = localStorageStore(undefined, 'LaunchPortal');

/**
 * The react-admin application: hash routes (react-admin's default router), our layout around
 * every route, and no telemetry call to outside hosts. The screens are registered in
 * routing/routes.ts (name, path, permission, title, menu) and routing/routeElements.tsx (their
 * pages and react-admin's resources); nothing here changes for a new screen.
 *
 * It is react-admin's <Admin> taken apart (AdminContext + AdminUI, exactly what <Admin> renders) so
 * LiveI18nContext can sit between them: a language change re-renders the screens in place.
 */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // Re-renders on a language change, so MUI's own texts follow the locale switcher.
  const { i18n } = useTranslation();
  return (
    <AdminContext
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      store={store}
      theme={themeFor(i18n.language)}
    >
      <LiveI18nContext>
        <AdminUI
          title="Launch Portal"
          layout={AppLayout}
          notification={Growl}
          catchAll={NotFoundPage}
          loginPage={false}
          disableTelemetry
        >
          <CustomRoutes>{appRoutes}</CustomRoutes>
          {/* Resource descriptors, react-admin's demo style; the spec's paths win over these (routeElements.tsx). */}
          {appResources.map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
        </AdminUI>
      </LiveI18nContext>
    </AdminContext>
  );
}
