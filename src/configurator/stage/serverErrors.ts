import type { ErrorSchema } from '@rjsf/utils';

/** A 422's `{detail, field}` list as an rjsf error tree (`field` is a JSON pointer into the stage data). */
export function serverErrorSchema(errors: Array<{ detail?: string; field?: string }>): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const e of errors) {
    if (!e.field || !e.detail) continue;
    const parts = e.field.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(e.detail);
  }
  return root as ErrorSchema;
}

/** An rjsf error tree back as `{field, detail}` pairs (JSON pointers), e.g. for the warnings list. */
export function flattenErrorSchema(tree: unknown, prefix = ''): Array<{ field: string; detail: string }> {
  if (!tree || typeof tree !== 'object') return [];
  const out: Array<{ field: string; detail: string }> = [];
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (key === '__errors' && Array.isArray(value)) value.forEach((detail) => out.push({ field: prefix, detail: String(detail) }));
    else out.push(...flattenErrorSchema(value, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}
