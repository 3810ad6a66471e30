import type { Registry } from '@rjsf/utils';
import type { StageController } from './controller';

/** A remote search a `remoteSelect` widget calls (injected, so the widget knows no endpoint). */
export type RemoteSearch = (term: string, signal: AbortSignal) => Promise<{ value: string | number; label: string }[]>;

/** What StageForm puts in rjsf's formContext for the registry's fields and widgets. */
export interface StageFormContext {
  controller: StageController;
  /** Search functions by name, picked by a remoteSelect's `"ui:options": {"source": name}`. */
  searchers?: Record<string, RemoteSearch>;
}

/**
 * The controller of the form a field or widget is rendered in.
 * @example const controller = formController(props.registry);
 */
export function formController(registry: Registry): StageController {
  const ctx = registry.formContext as Partial<StageFormContext> | undefined;
  if (!ctx?.controller) {
    throw new Error('This field needs a StageForm (its formContext carries the stage controller).');
  }
  return ctx.controller;
}

/** The controller when present (widgets that also work in a plain rjsf Form). */
export function maybeFormController(registry: Registry): StageController | undefined {
  return (registry.formContext as Partial<StageFormContext> | undefined)?.controller;
}
