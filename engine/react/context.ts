import type { ComponentType } from 'react';
import type { Registry } from '@rjsf/utils';
import type { StageController } from './controller';
import type { CompanyFacts } from '../index';

/** One choice of a remote list: the value stored and the words shown. */
export interface RemoteOption {
  value: string | number;
  label: string;
}

/**
 * A remote search a `remoteSelect` widget calls (injected, so the widget knows no endpoint). With
 * `resolve`, a stored value (an id) is shown by its label when the form opens, not as a bare number.
 * @example const users: RemoteSearch = Object.assign((term, signal) => findUsers(term, signal), { resolve: (id, signal) => userById(id, signal) });
 */
export interface RemoteSearch {
  (term: string, signal: AbortSignal): Promise<RemoteOption[]>;
  resolve?: (value: string | number, signal: AbortSignal) => Promise<RemoteOption | null>;
}

/** What a `media` widget's injected input gets: the stored media guid and how to change it. */
export interface MediaInputProps {
  id: string;
  /** The media guid, or undefined for none. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  label: string;
  required: boolean;
  disabled: boolean;
  error: boolean;
  /** `ui:options.purpose`: `logo` applies the spec's logo rule to uploads and to the files offered. */
  purpose?: 'logo';
}

/** What StageForm puts in rjsf's formContext for the registry's fields and widgets. */
export interface StageFormContext {
  controller: StageController;
  /** Search functions by name, picked by a remoteSelect's `"ui:options": {"source": name}`. */
  searchers?: Record<string, RemoteSearch>;
  /** The media library input a `media` widget shows (the app's picker and upload); without one a read-only text. */
  mediaInput?: ComponentType<MediaInputProps>;
  /**
   * The address of one of the app's routes, for links a field shows (`displayText`'s `link`): the
   * app's hash routes give `#/backend/...`. Without it the path is the address.
   */
  linkHref?: (path: string) => string;
  /**
   * The viewer may lock and unlock table rows (staff with 'manage configs'): each row gets a lock
   * toggle and locked rows stay editable. Without it a locked row (`disabled: true`) is read only.
   */
  canLockRows?: boolean;
  /** The config's company (the engine's `company`): `visibleIf` reads it as `$company` (ObjectFieldTemplate). */
  company?: CompanyFacts;
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
