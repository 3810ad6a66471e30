/**
 * Small JSON Schema pieces the answer schemas of contract/<area>.ts are built from. Each is `as
 * const` so json-schema-to-ts's FromSchema reads it as a literal type.
 */

/** A database id in an answer (the input bounds are server/http/ids.ts's). */
export const id = { type: 'integer' } as const;
export const nullableId = { type: ['integer', 'null'] } as const;
export const text = { type: 'string' } as const;
export const nullableString = { type: ['string', 'null'] } as const;
export const texts = { type: 'array', items: text } as const;
