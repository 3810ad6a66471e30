import { useRef } from 'react';
import { replaceEqualDeep } from '../store';

/**
 * Returns the previous value while the new one is deeply equal, so memoised children keep their
 * props even when rjsf hands a field a freshly resolved (but unchanged) schema on every render.
 * @example const columns = useStable(computeColumns(schema));
 */
export function useStable<T>(value: T): T {
  const ref = useRef<T>(value);
  const next = replaceEqualDeep(ref.current, value);
  // Reading and writing a ref during render is safe here: the value is derived, idempotent data.
  ref.current = next;
  return next;
}
