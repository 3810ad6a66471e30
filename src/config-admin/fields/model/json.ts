/** Small JSON helpers the model shares: plain data only, never a class or a prototype trick. */
import type { Json, JsonObject } from './types';

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy of JSON data (drafts are JSON: they come from the server or the JSON tab). */
export const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Same JSON text, key order included: what "changes nothing" means for a stored draft. */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Keys that reach the object prototype rather than data: never a property or a uiSchema key. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Own property of a JSON object (never one of its prototype's). */
export const own = (object: JsonObject, key: string): Json | undefined => (Object.hasOwn(object, key) ? object[key] : undefined);

export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
