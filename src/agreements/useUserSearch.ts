import { useEffect, useState } from 'react';
import type { UserChoice } from './turnsApi';

/**
 * The users matching what is typed, asked a moment after typing stops (one request per pause, the
 * previous one cancelled), for the signer choice's pickers. `enabled` false asks nothing (a closed
 * dialog).
 */
export function useUserSearch(search: (q: string, signal: AbortSignal) => Promise<UserChoice[]>, term: string, enabled = true) {
  const [options, setOptions] = useState<UserChoice[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(term, controller.signal)
        .then((rows) => {
          if (!controller.signal.aborted) setOptions(rows);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, term, enabled]);
  return { options, loading };
}
