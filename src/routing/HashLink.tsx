import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { session } from '../session/session';

/**
 * Whether a click on a link is the page's to follow: the main button, no modifier. Anything else
 * (Ctrl or Cmd for a new tab, Shift for a window, the middle button) is the browser's, as on any link.
 */
export const isPlainClick = (event: MouseEvent<HTMLElement>): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to an address of the app (`to` = `/register`), for MUI's `component` prop as for itself:
 * a plain `<a href="#/register">` whose plain click goes through `session.navigate`, the one bridge
 * to whatever moves the page. Once a router is mounted that is its navigate (layout/Bridges.tsx,
 * shell/PublicApp.tsx); on the router-free sign-in page (shell/LoginShell.tsx) a hash change, which
 * the shell follows. So the same top bar, footer, cookie banner and sign-in form work in every shell,
 * and the sign-in page's first chunk carries no router (issue 59). A link to where the page already
 * is does nothing, as react-router's `Link` (a replace) and a same-hash link do.
 */
export function HashLink({ to, onClick, ...props }: ComponentPropsWithRef<'a'> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event) || (props.target && props.target !== '_self')) return;
    event.preventDefault();
    if (window.location.hash !== `#${to}`) session.navigate(to);
  };
  return <a {...props} href={`#${to}`} onClick={follow} />;
}
