import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { StageController } from '../controller';
import type { Path } from '../paths';
import { itemKey } from './structure';

/**
 * The keys of the items of the array at `path`, as one string so the caller re-renders only when
 * items are added, removed or moved (not when one item's content changes).
 * @example const keys = useItemKeys(controller, ['locations']);
 */
export function useItemKeys(controller: StageController, path: Path): string[] {
  const { store } = controller;
  const pathKey = path.join('\u0000');
  const get = useCallback(() => {
    const v = store.getAt(path);
    return Array.isArray(v) ? v.map(itemKey).join('\u0001') : '';
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pathKey` stands for the path's contents
  }, [store, pathKey]);
  const joined = useSyncExternalStore(store.subscribe, get, get);
  return useMemo(() => (joined === '' ? [] : joined.split('\u0001')), [joined]);
}
