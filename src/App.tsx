import { useState, type ReactNode } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource, type I18nProvider } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { answerAuthQueriesFromSession, authProvider } from './auth/authProvider';
import { AdminLocaleChoice } from './i18n/AdminLocaleChoice';
import { askForFiles, i18n as i18next } from './i18n/i18n';
import { toLocale } from './i18n/locales';
import { dataProvider } from './data/dataProvider';
import { queryClient } from './data/queryClient';
import { LiveI18nContext } from './i18n/LiveI18nContext';
import { AppLayout } from './layout/AppLayout';
import { Growl } from './layout/Growl';
import { buildMenu } from './layout/menuItems';
import NotFoundPage from './layout/NotFoundPage';
import { ROUTES } from './routing/areas';
import { pageNamespacesAt, preloadPageAt } from './routing/pages';
import { listenForIntent } from './routing/intent';
import { KeepScreens } from './routing/KeepScreens';
import { routeAt } from './routing/routeAt';
import { appResources, appRoutes, prefetchPageDataAt } from './routing/routeElements';
import { themeFor } from './theme';
import { NotificationBell } from './notifications/NotificationBell';
import { SearchBox } from './search/SearchBox';

const store = localStorageStore(undefined, 'LaunchPortal');

// What the areas show in the signed-in top bar: the one search and the notifications bell. The layout is
// shared and imports no area, so the app hands them in (one element, so the memo'd top bar keeps it).
const TOP_BAR_ITEMS = (
  <>
    <SearchBox />
    <NotificationBell />
  </>
);
// The sidebar of spec sections 2 and 6, from the areas' routes; `:me` is the signed-in user's id.
const MENU = buildMenu(ROUTES);
function Layout({ children }: { children?: ReactNode }) {
  return (
    <AppLayout menu={MENU} topBarItems={TOP_BAR_ITEMS}>
      <KeepScreens>{children}</KeepScreens>
    </AppLayout>
  );
}

// Once, as the app's code loads: react-admin's auth questions answered from the session, and a
// screen's code started when the pointer rests on (or the focus reaches) a link to it.
answerAuthQueriesFromSession(queryClient);
listenForIntent();

/** How long the first render waits for the page's code (see prepareFirstPage). */
const PAGE_WAIT_MS = 800;

/**
 * Starts the page of the address the app opens on: its first data first (the server's longest
 * answers), then its texts and code. Signed in, resolves once the page's code is here or a moment
 * has passed, so shell and page render in one pass (lazyPage renders loaded code at once) instead of
 * the shell, a fallback, then the page; on a slow link the shell does not wait longer than that.
 */
export function prepareFirstPage(hash: string, sessionChecked: Promise<unknown>, signedIn: boolean): Promise<unknown> {
  prefetchPageDataAt(hash, sessionChecked);
  askForFiles(pageNamespacesAt(hash));
  const pageCode = preloadPageAt(hash);
  return signedIn ? Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]) : Promise.resolve();
}

/**
 * Loads the code and texts of the page a sign-in lands on (`hash`), without its data: called while
 * the visitor types their password, once the app's own code is here, so the landing renders on
 * the sign-in answer instead of after another round of chunks. Nothing runs but parsing.
 */
export function preloadLanding(hash: string): void {
  const pages = routeAt(hash) === 'Dashboard' ? [hash, ...ON_FROM_DASHBOARD] : [hash];
  for (const page of pages) {
    askForFiles(pageNamespacesAt(page));
    void preloadPageAt(page);
  }
}

/**
 * Where a sign-in at the dashboard goes on to for a dealer (routing/guard.ts: a company in the
 * showcase or configurator stage; the configs list opens a dealer's one config at once): their
 * code comes while the password is typed too, not one after the other after the sign-in answer.
 */
const ON_FROM_DASHBOARD = ['#/showcases', '#/configurator', '#/configurator/0/dashboard'];

/**
 * The react-admin application: hash routes (react-admin's default router), our layout around
 * every route, and no telemetry call to outside hosts. The screens come from the areas (each
 * area's routes.ts: name, path, permission, title, menu, page, resources; routing/areas.ts lists
 * the areas); nothing here changes for a new screen.
 *
 * It is react-admin's <Admin> taken apart (AdminContext + AdminUI, exactly what <Admin> renders) so
 * LiveI18nContext can sit between them: a language change re-renders the screens in place.
 */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // Re-renders on a language change, so MUI's own texts follow the locale switcher.
  const { i18n } = useTranslation();
  // Before react-admin reads its store (once, as the app mounts).
  useState(followLanguageInStore);
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
        <AdminLocaleChoice>
          <AdminUI
            title="Launch Portal"
            layout={Layout}
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
        </AdminLocaleChoice>
      </LiveI18nContext>
    </AdminContext>
  );
}

/**
 * react-admin keeps the language it last set in its store and switches to it when it mounts; the
 * signed-out shell changes the language without react-admin, so the store follows i18next (the
 * one source of the language) before the app mounts.
 */
function followLanguageInStore(): void {
  store.setItem('locale', toLocale(i18next.language));
}
