/**
 * The media library's answers, as JSON Schema and as the TypeScript type derived from it: the
 * server serialises with the schema (server/media/media.schemas.ts), the app reads the type
 * (src/data/upload.ts, src/showcases/api.ts), so both sides hold one shape.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableId, nullableString, text } from './schema-parts';

/**
 * One stored file as every answer lists it (never its bytes). `additionalProperties: false` keeps
 * the type exact; the serialiser already drops undeclared properties, so the answer is unchanged.
 */
export const mediaItem = {
  type: 'object',
  required: ['id', 'guid', 'filename', 'mime', 'size', 'width', 'height', 'alt', 'company_id', 'url', 'thumbnail_url', 'created_at'],
  properties: {
    id, guid: text, filename: text, mime: text, size: id,
    width: nullableId, height: nullableId, alt: nullableString, company_id: nullableId,
    url: text, thumbnail_url: nullableString, created_at: text,
  },
  additionalProperties: false,
} as const;
export type MediaItem = FromSchema<typeof mediaItem>;
