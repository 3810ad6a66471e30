import { useEffect, useState } from 'react';

/**
 * `value`, `delay` ms after it last changed: a search box's text becomes a query key only once the
 * user stops typing, so react-query reads once per pause, not per keystroke (the old hand-made
 * timers, one per page). The second element sets it at once (Clear filters must not wait).
 */
export function useDebouncedValue<T>(value: T, delay: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return [debounced, setDebounced];
}
