/**
 * Secret stage fields ("secret": true in a stage file: payment keys, feed passwords) at rest and on
 * the way in and out. Stored stage data holds each secret as an AES-256-GCM envelope; everything
 * else (the engine, API answers, revision patches) only ever sees a mask:
 *
 * - out: a set secret reads "set" (`SECRET_SET`), one not set reads '' or is absent;
 * - in: '' , a missing field or "set" keeps the stored secret; any other text replaces it;
 * - revisions: every secret value in a patch reads "changed" (`SECRET_CHANGED`), so history never
 *   shows one and restoring a revision keeps the current secret.
 *
 * The key is the app's secret key, and the envelope its `encryptSecret` (server/db/secret-key.ts).
 *
 * Where the secrets are is the config's own stage versions' business (a published version may add
 * one): every function here takes the config's catalogue (its snapshot's, undefined for the shipped
 * files) and asks the engine under it.
 */
import type { Patch } from 'immer';
import { decryptSecret, encryptSecret } from '../db/secret-key';
import { mapAtPath, maskPatchValue, maskSecrets, SECRET_CHANGED, SECRET_SET, stageSecretPaths, withCatalogue, type Catalogue, type ConfigDocument, type SecretPath } from '../../engine';

const filled = (v: unknown): v is string => typeof v === 'string' && v !== '';
const keepMarker = (v: unknown) => v === undefined || v === null || v === '' || v === SECRET_SET || v === SECRET_CHANGED;

/**
 * The stored value at the place `where` (a concrete path into `data`) stands for: list items are
 * matched by `id` when they have one (cascades and reordering move items), else by position.
 */
function storedAt(stored: unknown, data: unknown, path: SecretPath, where: readonly (string | number)[]): unknown {
  let s = stored;
  let d = data;
  for (let i = 0; i < where.length; i++) {
    const seg = where[i];
    if (path[i] === '*') {
      if (!Array.isArray(s) || !Array.isArray(d)) return undefined;
      const item = d[seg as number] as { id?: unknown } | undefined;
      const id = item && typeof item === 'object' ? item.id : undefined;
      s = typeof id === 'string' && id ? s.find((x) => (x as { id?: unknown } | null)?.id === id) : s[seg as number];
      d = item;
    } else {
      s = s && typeof s === 'object' ? (s as Record<string, unknown>)[seg] : undefined;
      d = d && typeof d === 'object' ? (d as Record<string, unknown>)[seg] : undefined;
    }
  }
  return s;
}

/** A loaded document split into what the engine and the API see (masked) and the stored secrets. */
export function splitSecrets(doc: ConfigDocument, catalogue: Catalogue | undefined): { doc: ConfigDocument; sealed: ConfigDocument } {
  return withCatalogue(catalogue, () => splitUnder(doc));
}

function splitUnder(doc: ConfigDocument): { doc: ConfigDocument; sealed: ConfigDocument } {
  const sealed: ConfigDocument = {};
  let masked = doc;
  for (const [slug, data] of Object.entries(doc)) {
    if (!stageSecretPaths(slug).length) continue;
    sealed[slug] = data;
    const m = maskSecrets(slug, data);
    if (m !== data) masked = { ...masked, [slug]: m };
  }
  return { doc: masked, sealed };
}

/**
 * Incoming stage data as the engine is given it: a blank or "set" secret becomes "set" when one is
 * stored at that place (so it is kept), a value equal to the stored secret too (no change); any
 * other text stays as typed, for the engine to validate (maxLength) and `sealStageData` to encrypt.
 */
export function prepareSecretWrite(key: Buffer, slug: string, incoming: unknown, stored: unknown, catalogue: Catalogue | undefined): unknown {
  let out = incoming;
  for (const path of withCatalogue(catalogue, () => stageSecretPaths(slug))) {
    out = mapAtPath(out, path, (v, where) => {
      const old = storedAt(stored, out, path, where);
      const has = filled(old);
      if (keepMarker(v)) return has ? SECRET_SET : v === SECRET_SET || v === SECRET_CHANGED ? '' : v;
      if (has && typeof v === 'string' && decryptSecret(key, old) === v) return SECRET_SET;
      return v;
    });
  }
  return out;
}

/**
 * Stage data the engine returned, as it is stored: "set" becomes the stored envelope of that place,
 * new text is encrypted.
 */
function sealStageData(key: Buffer, slug: string, data: unknown, stored: unknown): unknown {
  let out = data;
  for (const path of stageSecretPaths(slug)) {
    out = mapAtPath(out, path, (v, where) => {
      if (v === SECRET_SET) {
        const old = storedAt(stored, out, path, where);
        return filled(old) ? old : '';
      }
      return filled(v) ? encryptSecret(key, v) : v;
    });
  }
  return out;
}

/**
 * The stages a write changed, as stored (`sealed`: secrets sealed, other stages' stored data kept)
 * and as answered and kept in memory (`doc`: secrets masked). One place for every write that stores
 * stage data (configs.write.ts, configs.write-many.ts).
 */
export function sealChangedStages(
  key: Buffer,
  storedSealed: ConfigDocument,
  nextDoc: ConfigDocument,
  changedStages: readonly string[],
  catalogue: Catalogue | undefined,
): { sealed: ConfigDocument; doc: ConfigDocument } {
  return withCatalogue(catalogue, () => sealUnder(key, storedSealed, nextDoc, changedStages));
}

function sealUnder(key: Buffer, storedSealed: ConfigDocument, nextDoc: ConfigDocument, changedStages: readonly string[]): { sealed: ConfigDocument; doc: ConfigDocument } {
  const sealed: ConfigDocument = { ...storedSealed };
  const doc: ConfigDocument = { ...nextDoc };
  for (const slug of changedStages) {
    if (!(slug in sealed) && !stageSecretPaths(slug).length) continue;
    sealed[slug] = sealStageData(key, slug, nextDoc[slug], storedSealed[slug]) as Record<string, unknown>;
    doc[slug] = maskSecrets(slug, nextDoc[slug]) as ConfigDocument[string];
  }
  return { sealed, doc };
}

/** Revision patches with every secret value inside them replaced by "changed". */
export function maskPatches(patches: readonly Patch[], catalogue: Catalogue | undefined): Patch[] {
  return withCatalogue(catalogue, () => patches.map((p) => ('value' in p && p.value !== undefined ? { ...p, value: maskPatchValue(p.path, p.value) } : p)));
}
