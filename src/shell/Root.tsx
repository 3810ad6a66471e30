import { useEffect, useState } from 'react';
import type { I18nProvider } from 'react-admin';
import { PublicApp } from './PublicApp';
import { loadApp, loadedApp, useAppWanted, type AppModule } from './appShell';

/** Which shell a first visit starts in (main.tsx decides from the address and the session). */
export type Shell = 'public' | 'app';

/**
 * The page's one root: the light signed-out shell for a visitor on a signed-out page, the app
 * (react-admin and the staff screens) otherwise, for good once it has been shown. The app's code
 * loads while the visitor reads or types their password, so signing in waits for little more than
 * the sign-in call; the signed-out shell stays on screen (under its overlay) until the code is here.
 */
export function Root({ start, i18nProvider }: { start: Shell; i18nProvider: I18nProvider }) {
  const wanted = useAppWanted() || start === 'app';
  const [app, setApp] = useState<AppModule | null>(loadedApp);

  useEffect(() => {
    if (app) return;
    let live = true;
    const load = () => void loadApp().then((module) => live && wanted && setApp(module), () => {});
    if (wanted) load();
    else {
      // After the first paint, when the browser is idle: the visitor is reading or typing.
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
      idle(() => live && void loadApp().catch(() => {}));
    }
    return () => {
      live = false;
    };
  }, [app, wanted]);

  useEffect(() => {
    if (app && start === 'public') return focusMainOnceShown();
  }, [app, start]);

  if (app) return <app.App i18nProvider={i18nProvider} />;
  return <PublicApp />;
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
