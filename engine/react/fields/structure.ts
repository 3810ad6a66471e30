import type { Registry, RJSFSchema, UiSchema } from '@rjsf/utils';

/** One child of an array or object a store-backed field lays out. */
export interface ChildEntry {
  name: string | number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  required: boolean;
}

/**
 * The item schema of an array field, resolved ($ref) for reading its properties.
 * @example itemSchema(schema, registry).properties
 */
export function itemSchema(schema: RJSFSchema, registry: Registry): RJSFSchema {
  const items = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as RJSFSchema | undefined;
  return items ? registry.schemaUtils.retrieveSchema(items) : {};
}

/**
 * The properties of an object schema in `ui:order`, as child entries.
 * @example objectEntries(schema, uiSchema, registry).map((e) => e.name)
 */
export function objectEntries(schema: RJSFSchema, uiSchema: UiSchema | undefined, registry: Registry): ChildEntry[] {
  const resolved = registry.schemaUtils.retrieveSchema(schema);
  const props = (resolved.properties ?? {}) as Record<string, RJSFSchema>;
  const order = (uiSchema?.['ui:order'] as string[] | undefined) ?? [];
  const names = Object.keys(props);
  const ordered = order.length
    ? [...order.filter((n) => n !== '*' && names.includes(n)), ...names.filter((n) => !order.includes(n))]
    : names;
  const required = new Set(resolved.required ?? []);
  return ordered.map((name) => ({
    name,
    schema: props[name],
    uiSchema: uiSchema?.[name] as UiSchema | undefined,
    required: required.has(name),
  }));
}

/** A stable React key for an array item: its `id` when it has one. */
export function itemKey(item: unknown, index: number): string {
  if (item && typeof item === 'object' && 'id' in item) {
    const id = (item as { id: unknown }).id;
    if (id !== undefined && id !== null && id !== '') return `id:${String(id)}`;
  }
  return `ix:${index}`;
}
