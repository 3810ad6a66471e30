/**
 * Reading a stage file as the structured editor's tree: the schema node and uiSchema node at a path,
 * the kind of widget they make, and every field of the stage in form order. Pure: nothing here
 * changes the file.
 */
import { isObject, own, strings } from './json';
import { ITEMS, type FieldNode, type FieldPath, type GroupLayout, type JsonObject, type ListLayout, type WidgetKind } from './types';

const GROUP_LAYOUTS: readonly GroupLayout[] = ['plain', 'portlets', 'tabs', 'accordion'];
const LIST_LAYOUTS: readonly ListLayout[] = ['cards', 'table', 'accordion', 'tabs', 'portlets'];

/** The stage's root object schema, or null for a file that is not a stage. */
function rootSchema(file: unknown): JsonObject | null {
  return isObject(file) && isObject(file.schema) ? file.schema : null;
}

/** The schema node at a path (through `ITEMS`), or null. A `$ref` node is returned as written (not resolved). */
export function schemaAt(file: unknown, path: FieldPath): JsonObject | null {
  let node = rootSchema(file);
  for (const step of path) {
    if (!node || node.$ref !== undefined) return null;
    const next: unknown = step === ITEMS ? own(node, 'items') : isObject(node.properties) ? own(node.properties, step) : undefined;
    node = isObject(next) ? next : null;
  }
  return node;
}

/** The uiSchema node at a path (`ITEMS` -> `items`), or null when the file has none there. */
export function uiAt(file: unknown, path: FieldPath): JsonObject | null {
  let node: unknown = isObject(file) ? own(file, 'uiSchema') : undefined;
  for (const step of path) {
    if (!isObject(node)) return null;
    node = own(node, step === ITEMS ? 'items' : step);
  }
  return isObject(node) ? node : null;
}

/** The shared shape a `$ref` names: `../shapes/opening-hours.json` -> `opening-hours`. */
export function shapeName(ref: unknown): string | null {
  if (typeof ref !== 'string' || !ref) return null;
  return (ref.split('/').pop() ?? ref).replace(/\.json$/, '');
}

const typeOf = (schema: JsonObject): string | undefined => (typeof schema.type === 'string' ? schema.type : undefined);
const uiString = (ui: JsonObject | null, key: string): string | undefined => (ui && typeof ui[key] === 'string' ? (ui[key] as string) : undefined);

/** A kind, with the reason (an i18n key's tail) when the editor cannot name it. */
export interface Classified {
  kind: WidgetKind;
  reason?: string;
}

/**
 * The kind of a schema node with its uiSchema, with the reason for `unknown`. The uiSchema decides
 * first (it names the widget the form draws), then the schema (the data's type).
 */
export function classify(schema: JsonObject, ui: JsonObject | null): Classified {
  const field = uiString(ui, 'ui:field');
  const widget = uiString(ui, 'ui:widget');
  const type = typeOf(schema);
  // The renderer draws every secret with the password widget, whatever its uiSchema says.
  if (schema.secret === true) return { kind: 'secret' };
  if (field === 'openingHours') return { kind: 'openingHours' };
  if (field === 'displayText') return { kind: 'displayText' };
  if (field === 'configSummary') return { kind: 'configSummary' };
  switch (widget) {
    case 'hidden':
      return { kind: 'hidden' };
    case 'optionsFrom':
      return { kind: 'optionsFrom' };
    case 'remoteSelect':
      return { kind: 'remoteSelect' };
    case 'media':
      return { kind: 'media' };
    case 'markdown':
      return { kind: 'markdown' };
    case 'textarea':
    case 'TextareaWidget':
      return { kind: 'textarea' };
    case 'slider':
    case 'range':
    case 'RangeWidget':
      return { kind: 'slider' };
    case 'checkboxes':
      if (type === 'array') return { kind: 'multiChoice' };
      break;
    case 'switch':
    case 'checkbox':
    case 'CheckboxWidget':
      return { kind: 'yesno' };
    case 'datePicker':
      return { kind: 'date' };
    default:
      break;
  }
  if (schema.$ref !== undefined) return { kind: 'shape' };
  if (Array.isArray(schema.type)) return { kind: 'unknown', reason: 'typeUnion' };
  if (Array.isArray(schema.enum) && (type === undefined || type === 'string' || type === 'number' || type === 'integer')) return { kind: 'choice' };
  if (type === 'object' || (type === undefined && isObject(schema.properties))) {
    return isObject(schema.properties) ? { kind: 'group' } : { kind: 'unknown', reason: 'freeObject' };
  }
  if (type === 'array') {
    const items = schema.items;
    if (!isObject(items)) return { kind: 'unknown', reason: 'arrayItems' };
    // A list of ids without a picker is a list of texts (the id shape is a string).
    if (shapeName(items.$ref) === 'id') return { kind: 'textList' };
    if (items.$ref !== undefined) return { kind: 'list' };
    if (Array.isArray(items.enum)) return { kind: 'multiChoice' };
    const itemType = typeOf(items);
    if (itemType === 'object' || isObject(items.properties)) return { kind: 'list' };
    if (itemType === 'string' || itemType === 'number' || itemType === 'integer') return { kind: 'textList' };
    return { kind: 'unknown', reason: 'arrayItems' };
  }
  if (type === 'string') return { kind: schema.format === 'date' ? 'date' : 'text' };
  if (type === 'number' || type === 'integer') return { kind: 'number' };
  if (type === 'boolean') return { kind: 'yesno' };
  return { kind: 'unknown', reason: 'unknownType' };
}

/** The kind of widget a schema node and its uiSchema make (see WidgetKind). */
export function kindOf(schema: JsonObject, ui: JsonObject | null): WidgetKind {
  return classify(schema, ui).kind;
}

/** A group's or list's layout as its `ui:field` says (`plain` / `cards` without one); undefined for other kinds. */
export function layoutOf(kind: WidgetKind, ui: JsonObject | null): GroupLayout | ListLayout | undefined {
  const field = uiString(ui, 'ui:field');
  if (kind === 'group') return GROUP_LAYOUTS.find((l) => l !== 'plain' && l === field) ?? 'plain';
  if (kind === 'list') return LIST_LAYOUTS.find((l) => l !== 'cards' && l === field) ?? 'cards';
  return undefined;
}

/** The names in form order: `ui:order`'s (its `*` standing for the names it does not list), else as written. */
export function fieldOrder(names: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...names];
  const listed = order.filter((n, i): n is string => typeof n === 'string' && (n === '*' || names.includes(n)) && order.indexOf(n) === i);
  const rest = names.filter((n) => !listed.includes(n));
  const star = listed.indexOf('*');
  if (star < 0) return [...listed, ...rest];
  return [...listed.slice(0, star), ...rest, ...listed.slice(star + 1)];
}

/** Whether an object schema's `visibleIf` / `requiredIf` has an entry for a property. */
const hasCondition = (parent: JsonObject, keyword: 'visibleIf' | 'requiredIf', name: string): boolean => {
  const conditions = parent[keyword];
  return isObject(conditions) && Object.hasOwn(conditions, name);
};

/** The nodes of an object schema's properties (`object` is the object itself, `path` its place). */
function nodesOf(object: JsonObject, ui: JsonObject | null, path: FieldPath): FieldNode[] {
  const properties = isObject(object.properties) ? object.properties : {};
  const required = new Set(strings(object.required));
  return fieldOrder(Object.keys(properties), ui?.['ui:order']).map((name) => {
    const schema = isObject(properties[name]) ? properties[name] : {};
    const nodeUi = ui && isObject(own(ui, name)) ? (ui[name] as JsonObject) : null;
    return nodeOf(name, schema, nodeUi, [...path, name], required.has(name), object);
  });
}

function nodeOf(name: string, schema: JsonObject, ui: JsonObject | null, path: FieldPath, required: boolean, parent: JsonObject): FieldNode {
  const { kind, reason } = classify(schema, ui);
  const ref = schema.$ref;
  const items = isObject(schema.items) ? schema.items : null;
  let children: FieldNode[] = [];
  let shape = shapeName(ref);
  // An object's own fields are walked whatever draws it (a group, the summary above the fields, a sentence made of its values).
  if (ref === undefined && isObject(schema.properties) && (kind === 'group' || kind === 'configSummary' || kind === 'displayText')) children = nodesOf(schema, ui, path);
  if (kind === 'list' && items) {
    // A shared shape's inside is the same in every stage: not walked.
    if (items.$ref !== undefined) shape = shapeName(items.$ref);
    else children = nodesOf(items, ui && isObject(ui.items) ? ui.items : null, [...path, ITEMS]);
  }
  const layout = layoutOf(kind, ui);
  return {
    path,
    name,
    kind,
    title: typeof schema.title === 'string' ? schema.title : null,
    required,
    ...(layout ? { layout } : {}),
    children,
    shape,
    conditions: { visible: hasCondition(parent, 'visibleIf', name), required: hasCondition(parent, 'requiredIf', name) },
    editable: kind !== 'unknown',
    ...(reason ? { reason } : {}),
  };
}

/** The stage's fields as a tree, in form order (`ui:order`, its `*` honoured). [] for a file that is not a stage. */
export function fieldTree(file: unknown): FieldNode[] {
  const root = rootSchema(file);
  if (!root || root.$ref !== undefined || !isObject(root.properties)) return [];
  return nodesOf(root, uiAt(file, []), []);
}

/** The node at a path in a tree, or null. */
export function nodeAt(tree: readonly FieldNode[], path: FieldPath): FieldNode | null {
  let nodes = tree;
  let found: FieldNode | null = null;
  for (let depth = 0; depth < path.length; depth++) {
    if (path[depth] === ITEMS) continue;
    found = nodes.find((n) => n.name === path[depth] && n.path.length === depth + 1) ?? null;
    if (!found) return null;
    nodes = found.children;
  }
  return found && found.path.length === path.length && found.path.every((s, i) => s === path[i]) ? found : null;
}

/** Every node of a tree, depth first in form order. */
export function allNodes(tree: readonly FieldNode[]): FieldNode[] {
  return tree.flatMap((n) => [n, ...allNodes(n.children)]);
}
