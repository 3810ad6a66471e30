/**
 * The configs area's shared types, in a file that imports no other file of the area: the cache,
 * the store, the view and the revision changes all speak of a loaded config, and with these types
 * in the store they imported each other in a circle (type-only imports, which import/no-cycle does
 * not see; tests/server/import-graph.test.ts does).
 */
import type { ConfigDocument, ConfigSnapshot } from '../../engine';
import type { configs } from '../db/schema';

export type ConfigRow = typeof configs.$inferSelect;
export interface ContactRow {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  telephone: string | null;
  position: string | null;
}

/** A config as services use it: the row, its company, managers, and stage data as a snapshot. */
export interface LoadedConfig {
  row: ConfigRow;
  /** `region`: the company's region slug (configs.region.ts), read with the config (not in list rows). */
  company: { id: number; guid: string; name: string; region?: string | null };
  projectManager: ContactRow | null;
  accountManager: ContactRow | null;
  snapshot: ConfigSnapshot;
  /** internal_data_{slug} by slug. */
  internal: Record<string, Record<string, unknown>>;
  /** Stored data of the stages with secret fields (encrypted); `snapshot.doc` has them masked (secrets.ts). */
  sealed: ConfigDocument;
}


/** The revision action of a request for changes (configs.request-changes.ts): its `source` column holds the reviewer's message. */
export const REQUEST_CHANGES = 'request_changes';
