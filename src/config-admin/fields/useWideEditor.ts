import { useEffect, useState, type RefObject } from 'react';

/** The editor's own width from which the panel sits beside the outline (not under the picked row). */
export const WIDE_EDITOR_PX = 760;

/**
 * Whether the editor itself (not the window) is wide enough for the outline and the panel side by
 * side: beside the preview it has half a page, so the window's width says little. Narrow until
 * measured (and in jsdom, which has no ResizeObserver).
 */
export function useWideEditor(ref: RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWide(entry.contentRect.width >= WIDE_EDITOR_PX));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return wide;
}
