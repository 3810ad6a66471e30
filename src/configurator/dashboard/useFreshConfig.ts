import { useEffect } from 'react';
import { useConfig, type UseConfig } from '../useConfig';

/**
 * The config, loaded on mount (never from the cache) and again whenever the window regains focus
 * or the tab becomes visible, so a draft saved in another tab or by a colleague shows at once.
 */
export function useFreshConfig(id: string): UseConfig {
  const state = useConfig(id);
  const { reload } = state;
  useEffect(() => {
    let last = Date.now();
    const again = () => {
      // Focus and visibilitychange often fire together: one request is enough.
      if (Date.now() - last < 1000) return;
      last = Date.now();
      void reload();
    };
    // Focus means the user is looking at the page, whatever visibilityState says (a headless or
    // embedded window may never report 'visible'); a tab shown again counts only when visible.
    const shown = () => document.visibilityState === 'visible' && again();
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [reload]);
  return state;
}
