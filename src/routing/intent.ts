import type { RouteName } from './areas';
import { whenIdle } from './idle';
import { NEXT, preloadPage, preloadPageAt } from './pages';

/**
 * Starts a screen's code and texts when the user shows they are about to open it (issue 59): a
 * pointer resting on a link to it, a touch on one, or the keyboard's focus reaching one. The click
 * that follows then finds the code here and the page renders at once, instead of behind the
 * overlay for the 200-500 ms a first opening took. Only code and texts, never data: a pointer
 * sweeping across the sidebar must not send the server a read per link.
 *
 * A link is an `<a href="#/...">` (the sidebar, buttons made with RouterLink). A list's rows navigate
 * in script, not by a link: the screen they open is the list route's `next`, loaded when idle.
 */
const REST_MS = 65;

/** The app address an element under the pointer or focus leads to, if any. */
function targetOf(element: EventTarget | null): string | null {
  if (!(element instanceof Element)) return null;
  return element.closest('a[href^="#/"]')?.getAttribute('href') ?? null;
}

/** Starts the page at `hash`: its code and texts (lazyPage loads each page once, however often asked). */
const preloadOnIntent = (hash: string) => void preloadPageAt(hash);

/** Listens on `root` for the user's intent; returns the function that stops listening. */
export function listenForIntent(root: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: string | null = null;
  const over = (event: Event) => {
    const hash = targetOf(event.target);
    if (hash === pending) return;
    clearTimeout(timer);
    pending = hash;
    if (hash) timer = setTimeout(() => preloadOnIntent(hash), REST_MS);
  };
  const now = (event: Event) => {
    const hash = targetOf(event.target);
    if (hash) preloadOnIntent(hash);
  };
  root.addEventListener('pointerover', over, { passive: true });
  root.addEventListener('touchstart', now, { passive: true });
  root.addEventListener('focusin', now);
  return () => {
    clearTimeout(timer);
    root.removeEventListener('pointerover', over);
    root.removeEventListener('touchstart', now);
    root.removeEventListener('focusin', now);
  };
}

/**
 * Once a route's page is shown and the browser is idle: the code and texts of the screens usually
 * opened from it (the areas' `next`), one after the other, each in an idle moment of its own, so
 * evaluating a screen's code never lands on a keystroke. A page already loaded costs nothing.
 */
export function preloadNextOf(name: RouteName): void {
  const queue = [...(NEXT[name] ?? [])];
  const step = () => {
    const next = queue.shift();
    if (next) void preloadPage(next).then(() => whenIdle(step));
  };
  whenIdle(step);
}
