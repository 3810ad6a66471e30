import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { StageController } from '../controller';
import { getAt, type Path } from '../paths';
import { replaceEqualDeep } from '../store';

/**
 * The stage value at `path`, re-rendering only when that value's identity changes (null: none).
 * @example const item = useValueAt(controller, ['locations', 2]);
 */
export function useValueAt(controller: StageController, path: Path | null): unknown {
  const { store } = controller;
  const key = path === null ? null : path.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the path's contents
  const get = useCallback(() => (path === null ? undefined : store.getAt(path)), [store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * The error subtree (rjsf ErrorSchema) at `path`.
 * @example const errs = useErrorsAt(controller, ['locations', 2]);
 */
export function useErrorsAt(controller: StageController, path: Path): unknown {
  const { store } = controller;
  const key = path.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the path's contents
  const get = useCallback(() => getAt(store.getState().errors, path), [store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * A value from the whole configuration document (another stage's data, for option sources).
 * @example useDocValueAt(controller, 'company', ['franchises'])
 */
export function useDocValueAt(controller: StageController, stage: string | undefined, path: Path): unknown {
  const { store } = controller;
  const key = (stage ?? '') + '\u0001' + path.join('\u0000');
  const get = useCallback(() => {
    const s = store.getState();
    return getAt(s.doc[stage ?? s.slug], path);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for stage and path
  }, [store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * A stable snapshot of `derive(read())` that keeps its identity while the derived parts do
 * (replaceEqualDeep), and is derived again only when `read()` changes identity.
 * @example useDerived(controller, () => controller.store.getData(), split.view)
 */
export function useDerived<T>(controller: StageController, read: () => unknown, derive: (source: unknown) => T): T {
  const cache = useRef<{ source: unknown; value: T } | null>(null);
  const get = useCallback(() => {
    const source = read();
    if (cache.current && cache.current.source === source) return cache.current.value;
    const value = replaceEqualDeep(cache.current?.value, derive(source));
    cache.current = { source, value };
    return value;
  }, [read, derive]);
  return useSyncExternalStore(controller.store.subscribe, get, get);
}
