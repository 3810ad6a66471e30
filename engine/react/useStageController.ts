import { useEffect, useState, useSyncExternalStore } from 'react';
import { createStageController, type StageController, type StageControllerOptions } from './controller';
import type { StageStoreState } from './store';

/**
 * Headless stage editing for React (react-admin's useEditController pattern): holds the stage data,
 * runs every edit through the engine's rules at once, validates the edited section while typing and
 * everything on save. The controller is created once; callbacks stay current.
 * @example const controller = useStageController({ slug: 'company', doc, engine, onSave });
 */
export function useStageController(options: StageControllerOptions): StageController {
  const [controller] = useState(() => createStageController(options));
  const { onSave, onChange, translateError } = options;
  useEffect(() => {
    controller.setCallbacks({ onSave, onChange, translateError });
  }, [controller, onSave, onChange, translateError]);
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}

/**
 * Subscribes to one slice of the controller's state; the component re-renders only when the slice's
 * identity changes (immer keeps unchanged parts identical). The selector must return stored values,
 * not fresh objects.
 * @example const franchises = useStageSelector(controller, (s) => (s.doc.company as Company).franchises);
 */
export function useStageSelector<T>(controller: StageController, selector: (state: StageStoreState) => T): T {
  const { store } = controller;
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
