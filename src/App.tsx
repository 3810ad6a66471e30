import type { ComponentType } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource, type I18nProvider } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { authProvider } from './auth/authProvider';
import { dataProvider } from './data/dataProvider';
import { LiveI18nContext } from './i18n/LiveI18nContext';
import { AppLayout } from './layout/AppLayout';
import { Growl } from './layout/Growl';
import NotFoundPage from './pages/app/NotFoundPage';
import companies from './resources/companies';
import users from './resources/users';
import media from './resources/media';
import products from './resources/products';
import showcases from './resources/showcases';
import { keyedByRecord } from './routing/keyedByRecord';
import { appRoutes } from './routing/routeElements';
import { themeFor } from './theme';

const store = localStorageStore(undefined, 'LaunchPortal');

/**
 * The resources, react-admin's demo style, each edit screen mounted anew per record on
 * react-admin's own paths (`/companies/{id}`) as on the named routes (routing/keyedByRecord.tsx:
 * a form must never keep one record's values while another record's id is shown, issue 23).
 */
const RESOURCES = Object.entries({ companies, users, media, products, posts: showcases }).map(([name, descriptor]) => {
  const { edit } = descriptor as { edit?: ComponentType };
  return { ...descriptor, name, ...(edit ? { edit: keyedByRecord(edit) } : {}) };
});

/**
 * The react-admin application: hash routes (react-admin's default router), our layout around
 * every route, and no telemetry call to outside hosts. Resources of later issues are added here.
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
          {RESOURCES.map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
        </AdminUI>
      </LiveI18nContext>
    </AdminContext>
  );
}
