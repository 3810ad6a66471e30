import { useEffect, useState } from 'react';
import { whenIdle } from '../routing/idle';
import { isLoginAt, isPublicAt } from '../routing/publicPages';
import { openApp } from './appShell';
import { LoginShell } from './LoginShell';
import { loadedPublicApp, loadPublicApp, type PublicAppModule } from './routedShell';

/**
 * The signed-out visitor's shell: the router-free sign-in page (LoginShell.tsx, in the first chunk)
 * while the address is Login's, the routed shell (PublicApp.tsx, a chunk of its own) for good once
 * it is another signed-out page (Register, the password pages, the policies; at start when the
 * first address is one: main.tsx loads it first), and the app at any other address. The sign-in
 * page stays on screen, under the overlay, while the routed shell's code comes; `onFailed` when it
 * cannot be loaded (tried twice).
 */
export function SignedOutShell({ onFailed }: { onFailed: () => void }) {
  const [routed, setRouted] = useState<PublicAppModule | null>(loadedPublicApp);
  const [leaving, setLeaving] = useState(() => !isLoginAt(window.location.hash));

  useEffect(() => {
    if (routed) return;
    let live = true;
    const follow = () => {
      const hash = window.location.hash;
      if (isLoginAt(hash)) return;
      if (!isPublicAt(hash)) return openApp();
      setLeaving(true);
      loadPublicApp()
        .catch(() => loadPublicApp())
        .then((module) => live && setRouted(module), () => live && onFailed());
    };
    // An address changed before this ran (a click while the page started) is followed too.
    follow();
    window.addEventListener('hashchange', follow);
    // The next page's shell when the browser is idle (the form has painted): Register, the password
    // pages and the policies then open at once.
    whenIdle(() => live && void loadPublicApp().catch(() => {}));
    return () => {
      live = false;
      window.removeEventListener('hashchange', follow);
    };
  }, [routed, onFailed]);

  if (routed) return <routed.PublicApp />;
  return <LoginShell leaving={leaving} />;
}
