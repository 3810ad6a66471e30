import { useEffect } from 'react';

/** Whether this is a Mac (the shortcut is Cmd-K there, and the box says ⌘ K). */
export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl-K or Cmd-K, whatever the keyboard layout (`code` is the key's place, `key` its letter). */
export const isSearchShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key.toLowerCase() === 'k' || e.code === 'KeyK');

/**
 * Ctrl-K / Cmd-K opens the search from anywhere in the signed-in app, even from inside a field;
 * the browser's own use of the keys (Chrome and Firefox focus their address bar's search) gives way.
 * A listener on the window, not a request: nothing here reads the server.
 */
export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || !isSearchShortcut(e)) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
