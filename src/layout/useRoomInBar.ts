import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the signed-in top bar has room for the account links (greeting, My Profile, Logout) beside
 * the rest: they show while the product name, which gives way first, still shows whole. A staff
 * member's bar (company search, language, search, bell) in French or with a long name can be full
 * even on a wide screen, where a breakpoint alone would let the links wrap onto a second line.
 *
 * Once the name is cut the links fold into the avatar's menu and stay there until the bar is wider
 * than it was then, so showing and folding never take turns. A new `texts` (signed in, the language,
 * the user) tries them again at once. With `allowed` false (a narrow screen) they are folded anyway.
 */
export function useRoomInBar(bar: RefObject<HTMLElement | null>, title: RefObject<HTMLElement | null>, allowed: boolean, texts: string): boolean {
  // The bar's width when the links were last found not to fit; null: they fit so far.
  const [crowdedAt, setCrowdedAt] = useState<number | null>(null);
  const shown = allowed && crowdedAt === null;

  const [triedFor, setTriedFor] = useState(texts);
  if (triedFor !== texts) {
    setTriedFor(texts);
    setCrowdedAt(null);
  }

  useLayoutEffect(() => {
    const barEl = bar.current;
    const titleEl = title.current;
    if (!barEl || !titleEl) return;
    const check = () => {
      if (shown && titleEl.scrollWidth > titleEl.clientWidth) setCrowdedAt(barEl.clientWidth);
      else if (crowdedAt !== null && barEl.clientWidth > crowdedAt) setCrowdedAt(null);
    };
    // Checked before the first paint (the bar's first signed-in one too: the refs are set then), then
    // whenever the bar or the name's room changes size (the window, a control's texts arriving late).
    check();
    const observer = new ResizeObserver(check);
    observer.observe(barEl);
    observer.observe(titleEl);
    return () => observer.disconnect();
  }, [bar, title, shown, crowdedAt, texts]);

  return shown;
}
