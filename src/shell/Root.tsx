import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { I18nProvider } from 'react-admin';
import { loadApp, loadedApp, useAppWanted, type AppModule } from './appShell';
import { SignedOutShell } from './SignedOutShell';
import { whenIdle } from '../routing/idle';
import { safeRedirect } from '../routing/signInPaths';
import { searchOf } from '../routing/routeAt';

/** Where signing in on this page lands: its `redirect` parameter (made safe), else the dashboard. */
const landingAfterSignIn = () => safeRedirect(new URLSearchParams(searchOf(window.location.hash)).get('redirect'));

/** Which shell a first visit starts in (main.tsx decides from the address and the session). */
export type Shell = 'public' | 'app';

/**
 * The page's one root: the light signed-out shells for a visitor on a signed-out page (the sign-in
 * page without a router, the others routed: SignedOutShell.tsx), the app
 * (react-admin and the staff screens) otherwise, for good once it has been shown. The app's code,
 * then the code and texts of the page signing in lands on, load while the visitor reads or types
 * their password, so signing in does not wait for them (the landing's data and first render it
 * still does); the signed-out shell stays on screen (under its overlay) until the code is here.
 * When the code cannot be loaded (tried twice), the page says so and offers to reload.
 */
export function Root({ start, i18nProvider }: { start: Shell; i18nProvider: I18nProvider }) {
  const wanted = useAppWanted() || start === 'app';
  const [app, setApp] = useState<AppModule | null>(loadedApp);
  const [failed, setFailed] = useState(false);
  const cannotLoad = useCallback(() => setFailed(true), []);

  useEffect(() => {
    if (app) return;
    let live = true;
    // A lost response is tried once more before the visitor is told.
    const load = () =>
      void loadApp()
        .catch(() => loadApp())
        .then((module) => live && wanted && setApp(module), () => live && setFailed(true));
    if (wanted) load();
    else {
      // After the first paint, when the browser is idle: the visitor is reading or typing.
      // Then, idle again, the page signing in lands on (the dashboard, or the address the
      // visitor was sent from: ?redirect=), so landing waits for the sign-in answer alone.
      whenIdle(() => live && void loadApp().then((module) => whenIdle(() => module.preloadLanding(`#${landingAfterSignIn()}`)), () => {}));
    }
    return () => {
      live = false;
    };
  }, [app, wanted]);

  useEffect(() => {
    if (app && start === 'public') return focusMainOnceShown();
  }, [app, start]);

  if (app) return <app.App i18nProvider={i18nProvider} />;
  return (
    <>
      <SignedOutShell onFailed={cannotLoad} />
      {failed && <AppLoadFailed />}
    </>
  );
}

/** Over the signed-out shell's overlay: the app's code did not come, so nothing else will happen. */
function AppLoadFailed() {
  const { t } = useTranslation('errors');
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="app-load-failed"
      sx={{ position: 'fixed', top: 16, left: 16, right: 16, mx: 'auto', maxWidth: 560, zIndex: 2000 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('errors:app_load_reload')}
        </Button>
      }
    >
      {t('errors:app_load_failed')}
    </Alert>
  );
}

/**
 * The app replaces the whole page the visitor was on (signing in with Enter, say), and with it the
 * element that had the focus: the browser would start the next Tab from the end of the page. The
 * focus goes to the page's main region instead, as the skip link puts it, once the app shows it
 * (unless the user has already put it somewhere). Gives up after about two seconds.
 */
function focusMainOnceShown(): () => void {
  let frame = 0;
  let tries = 120;
  const look = () => {
    const main = document.getElementById('main-content');
    const unfocused = !document.activeElement || document.activeElement === document.body;
    if (main && unfocused) main.focus({ preventScroll: true });
    else if (unfocused && tries-- > 0) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}
