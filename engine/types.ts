/**
 * Shared engine types. `ConfigDocument` is the whole configuration: every stage's data keyed by
 * its slug, so rules and checks can cross stages.
 */
import type { JSONSchema7 } from 'json-schema';

/** Stage data keyed by stage slug, e.g. `{ franchises: { franchises: [...] }, locations: {...} }`. */
export type ConfigDocument = Record<string, Record<string, unknown>>;

export type StageState = 'draft' | 'submitted' | 'completed';
export const STAGE_STATES: readonly StageState[] = ['draft', 'submitted', 'completed'];

export type Audience = 'dealer' | 'internal';

/** One message for one field: `path` is a JSON pointer into the stage data ('' = the stage). */
export interface FieldError {
  path: string;
  key: string;
  params: Record<string, unknown>;
  message: string;
  /** The field's own message key for this check, when its uiSchema names one (engine/validation/own-messages.ts). */
  ownKey?: string;
  /** The field `{{attribute}}` names (its property and title key): kept by the browser's checks only (MessageOptions.withField). */
  field?: { prop: string; title?: string };
}

/** A cascade: JSON-logic whose result replaces the value at `target` (pointer into the config). */
export interface RuleDefinition {
  id: string;
  description: string;
  target: string;
  on?: 'change' | 'save';
  logic: unknown;
}

/** A cross-field or cross-stage validation expressed in JSON-logic. */
export interface CheckDefinition {
  id: string;
  description?: string;
  level: 'error' | 'warning';
  key: string;
  path: string;
  logic: unknown;
  params?: Record<string, unknown>;
  when?: 'always' | 'submit';
  each?: string;
}

export interface StageDefinition {
  slug: string;
  /** 1: the file in schemas/stages/; 2, 3, ...: published by staff (server/catalogue/); 0: a draft. */
  version: number;
  /** Its validators' key: the slug for version 1, `<slug>@<version>` for a published one. */
  key: string;
  title: string;
  section: string;
  order: number;
  requires: string[];
  audience: Audience;
  required: boolean;
  /** Self-contained: shared shapes are bundled into `definitions` with local `$ref`s. */
  schema: JSONSchema7;
  uiSchema: Record<string, unknown>;
  rules: RuleDefinition[];
  checks: CheckDefinition[];
  defaults: Record<string, unknown>;
}
