// Shared by the model's tests: drafts of the shipped stage files, frozen so an edit that mutated
// its input would throw.
import { stageFiles } from '../../../../../engine';
import type { StageDraftValue } from '../../../../../src/config-admin/fields/model/types';

export const frozen = <T>(v: T): T => {
  if (v && typeof v === 'object') {
    Object.values(v).forEach(frozen);
    Object.freeze(v);
  }
  return v;
};

/** A fresh (frozen) draft of a shipped stage file. */
export const draftOf = (slug: string): StageDraftValue => frozen({ file: JSON.parse(JSON.stringify(stageFiles[slug])) as unknown, labels: {} });

/** The bytes the server and the JSON tab see. */
export const bytes = (d: StageDraftValue): string => JSON.stringify(d.file, null, 2);

export type Obj = Record<string, unknown>;
/** The value at a chain of keys (for asserting on the JSON). */
export const at = (value: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Obj)[k] : undefined), value);
