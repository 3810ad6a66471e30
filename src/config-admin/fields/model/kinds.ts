/**
 * Changing a field's kind in place (issue 56): "Franchise" added as one choice that must now take
 * several keeps its name, place (`ui:order`), title / help / description keys, required, conditions
 * and choice words, rather than being removed and added again. Only the changes the data shape
 * allows are offered; each writes the schema key by key in the order it had, so a change and its
 * reverse give back the same file where nothing is lost (choice -> several choices -> choice).
 * Saved data is never converted here: the stage's upgrade judges it (server/catalogue/catalogue.upgrade.ts)
 * and `dataEffect` names the sentence that tells staff what the change means for it.
 */
import { cascadeOfRule, cascadesOfField, ruleLogic, rulesOf, sameCascade, type Cascade } from '../../rules/cascadeModel';
import { describe, done, dropEmptyUi, locate, mapDefaults, uiOf } from './edits';
import { isObject } from './json';
import { ID_LIST_SHAPE, optionsFromSchema } from './newNode';
import { NS, nodeKey } from './texts';
import { classify, schemaAt, shapeName, uiAt } from './tree';
import { EditError, type FieldNode, type FieldPath, type Json, type JsonObject, type StageDraftValue, type WidgetKind } from './types';

/**
 * What a field can become: a kind, or, for a field picking from another stage's list, that kind
 * holding one value (`optionsFromOne`) or several (`optionsFromSeveral`): the same widget, another
 * shape of data.
 */
export type KindTarget = WidgetKind | 'optionsFromOne' | 'optionsFromSeveral';

/** What each kind may become (yes / no <-> choice and everything else are not offered). */
const CHANGES: Partial<Record<KindTarget, readonly KindTarget[]>> = {
  choice: ['multiChoice'],
  multiChoice: ['choice'],
  text: ['textarea', 'markdown', 'textList', 'choice'],
  textarea: ['text', 'markdown'],
  markdown: ['text', 'textarea'],
  textList: ['text'],
  number: ['slider'],
  slider: ['number'],
  optionsFromOne: ['optionsFromSeveral'],
  optionsFromSeveral: ['optionsFromOne'],
};

/** Keywords that judge one value (a list's item), not the list holding it. */
const VALUE_KEYS = new Set(['type', 'enum', 'enumLabels', 'const', 'minLength', 'maxLength', 'pattern', 'format', 'postcode', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'noTestValue', 'gtZero']);
/** Keywords of a list as a whole: dropped when it becomes one value. */
const LIST_KEYS = new Set(['items', 'uniqueItems', 'minItems', 'maxItems', 'contains', 'additionalItems']);
/** A text's checks: a choice's values replace them. */
const TEXT_CHECKS = new Set(['minLength', 'maxLength', 'pattern', 'format', 'postcode']);
/** `ui:options` only a list reads. */
const LIST_OPTIONS = ['addable', 'removable', 'orderable'];

const isSeveralRefs = (schema: JsonObject): boolean => schema.type === 'array' || shapeName(schema.$ref) === shapeName(ID_LIST_SHAPE);

/** A field's kind as a KindTarget (optionsFrom split by how many values it holds). */
function targetOf(schema: JsonObject, ui: JsonObject | null): KindTarget {
  const kind = classify(schema, ui).kind;
  if (kind !== 'optionsFrom') return kind;
  return isSeveralRefs(schema) ? 'optionsFromSeveral' : 'optionsFromOne';
}

/** The changes a field's schema allows (a change needs the shape it converts: an own enum, items of texts, ...). */
function allowed(from: KindTarget, schema: JsonObject): readonly KindTarget[] {
  if (schema.$ref !== undefined && !from.startsWith('optionsFrom')) return [];
  const items = isObject(schema.items) ? schema.items : null;
  switch (from) {
    case 'multiChoice':
      return items && items.$ref === undefined && Array.isArray(items.enum) ? CHANGES.multiChoice! : [];
    case 'textList':
      return items && items.$ref === undefined && items.type === 'string' ? CHANGES.textList! : [];
    case 'text':
      return schema.type === 'string' ? CHANGES.text! : [];
    default:
      return CHANGES[from] ?? [];
  }
}

/**
 * The kinds a field can become, for "Change to…": none for what the editor keeps as written or
 * inside a shared shape (the caller knows the latter: `insideShapes`).
 * @example kindChanges(file, nodeOf('franchise')) // ['multiChoice'] for a choice
 */
export function kindChanges(file: unknown, node: FieldNode): KindTarget[] {
  if (!node.editable) return [];
  const from = kindTargetOf(file, node);
  const schema = schemaAt(file, node.path);
  return from && schema ? [...allowed(from, schema)] : [];
}

/** The node's kind as a KindTarget, or null when the file has no such node. */
export function kindTargetOf(file: unknown, node: FieldNode): KindTarget | null {
  // Read in place (no copy): the panel asks on every render.
  const schema = schemaAt(file, node.path);
  return schema ? targetOf(schema, uiAt(file, node.path)) : null;
}

/**
 * What a change means for dealers' saved data, as the key tail of its sentence
 * (`stages.widgets.kindSwitch.effects.<tail>`): kept as is, line breaks lost, one value against a
 * list (either way: the upgrade's dry run reports those configs and leaves them on their version),
 * fits only when it is one of the values, or a slider's range.
 */
export function dataEffect(from: KindTarget, to: KindTarget): 'kept' | 'lineBreaks' | 'sliderRange' | 'oneToList' | 'listToOne' | 'mustBeAChoice' {
  if (to === 'choice' && from === 'text') return 'mustBeAChoice';
  if (to === 'multiChoice' || to === 'textList' || to === 'optionsFromSeveral') return 'oneToList';
  if (from === 'multiChoice' || from === 'textList' || from === 'optionsFromSeveral') return 'listToOne';
  if (to === 'slider') return 'sliderRange';
  if (to === 'text' && (from === 'textarea' || from === 'markdown')) return 'lineBreaks';
  return 'kept';
}

export interface KindChangeOptions {
  /** text -> choice: its values (JSON Schema refuses an empty enum, so a text becomes a choice with its values). */
  choices?: string[];
}

/**
 * The draft with the field at `path` changed to another kind (`kindChanges` says which), keeping
 * its name, place, texts, required and conditions, and its choices, lengths and checks where the new
 * kind has them. The field's `default` and the stage's `defaults` follow: one value becomes a list
 * of it; a list of one becomes its value, any other list is dropped (it could not be one value).
 * Changing to its own kind returns the input.
 */
export function changeKind(draft: StageDraftValue, path: FieldPath, to: KindTarget, options: KindChangeOptions = {}): StageDraftValue {
  const { file, properties, schema, name } = locate(draft, path);
  const ui = uiOf(file, path, false);
  const from = targetOf(schema, ui);
  if (from === to) return draft;
  if (!allowed(from, schema).includes(to)) throw new EditError('kindNotOffered', { path: describe(path), from, to });
  switch (to) {
    case 'multiChoice':
    case 'textList':
      properties[name] = toList(schema, to === 'multiChoice');
      mapDefaults(file, path, asList);
      if (to === 'multiChoice') uiOf(file, path, true)['ui:widget'] = 'checkboxes';
      else removeUiKey(file, path, 'ui:widget');
      break;
    case 'choice':
      if (from === 'multiChoice') {
        properties[name] = toOne(schema);
        mapDefaults(file, path, asOne);
        if (ui?.['ui:widget'] === 'checkboxes') removeUiKey(file, path, 'ui:widget');
      } else {
        const values = choicesOf(options.choices);
        properties[name] = textToChoice(schema, values, `${NS}${nodeKey(file, 'choices', path)}`);
        mapDefaults(file, path, (value) => (values.includes(value) ? value : undefined));
        removeUiKey(file, path, 'ui:widget');
      }
      break;
    case 'text':
      if (from === 'textList') {
        properties[name] = toOne(schema);
        mapDefaults(file, path, asOne);
        for (const option of LIST_OPTIONS) removeUiOption(file, path, option);
        removeUiKey(file, path, 'items');
      }
      removeUiKey(file, path, 'ui:widget');
      break;
    case 'textarea':
    case 'markdown':
    case 'slider':
      uiOf(file, path, true)['ui:widget'] = to;
      break;
    case 'number':
      removeUiKey(file, path, 'ui:widget');
      break;
    case 'optionsFromOne':
    case 'optionsFromSeveral':
      return changeRefs(draft, path, to === 'optionsFromSeveral');
    default:
      throw new EditError('kindNotOffered', { path: describe(path), from, to });
  }
  return done(draft, file);
}

/** One value (the field's or the stage's default) as a list: itself inside one, none when empty. */
const asList = (value: Json): Json => (Array.isArray(value) ? value : value === null || value === '' ? [] : [value]);
/** A list as one value: its only item; undefined (dropped) when it has none or several. */
const asOne = (value: Json): Json | undefined => (Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value);

/**
 * A one-value schema as a list of such values, key by key in the order written: `type` becomes
 * `array`, the value's own keywords move into `items` (placed where the first of them was, after the
 * title), `uniqueItems` follows for choices, a choice's words are named on the list too (the overview
 * reads them there, as the shipped files write it), the default becomes a list (`[]` when none).
 */
function toList(schema: JsonObject, choices: boolean): JsonObject {
  const items: JsonObject = {};
  const out: JsonObject = { type: 'array' };
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') {
      items.type = value;
    } else if (VALUE_KEYS.has(key)) {
      if (!('items' in out)) {
        out.items = items;
        if (choices) out.uniqueItems = true;
      }
      items[key] = value;
      if (key === 'enumLabels') out.enumLabels = value;
    } else if (key === 'default') {
      out.default = asList(value);
    } else out[key] = value;
  }
  // `items` holds the type when no other keyword named its place.
  if (!('items' in out)) {
    out.items = items;
    if (choices) out.uniqueItems = true;
  }
  if (!('default' in out)) out.default = [];
  return out;
}

/**
 * A list's schema as one of its values, the reverse of toList: `type` from the items, the items'
 * keywords where `items` was, the list's own keywords dropped, a default of one value kept.
 */
function toOne(schema: JsonObject): JsonObject {
  const items = isObject(schema.items) ? schema.items : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') {
      if (items.type !== undefined) out.type = items.type;
    } else if (key === 'items') {
      // The item's own title / description name one line of the list: the field has its own.
      for (const [k, v] of Object.entries(items)) if (k !== 'type' && VALUE_KEYS.has(k)) out[k] = v;
    } else if (key === 'enumLabels') {
      if (items.enumLabels === undefined) out.enumLabels = value;
    } else if (key === 'default') {
      const one = asOne(value);
      if (one !== undefined) out.default = one;
    } else if (!LIST_KEYS.has(key)) out[key] = value;
  }
  return out;
}

/** A text's schema as a choice of `values`: its checks give way to the values (placed after the title), words named under `enumLabels`. */
function textToChoice(schema: JsonObject, values: Json[], wordsKey: string): JsonObject {
  const out: JsonObject = {};
  const place = () => {
    out.enum = values;
    out.enumLabels = wordsKey;
  };
  for (const [key, value] of Object.entries(schema)) {
    if (TEXT_CHECKS.has(key)) continue;
    if (key === 'default') {
      if (values.includes(value)) out.default = value;
      continue;
    }
    out[key] = value;
    if (key === 'title') place();
  }
  if (!('enum' in out)) place();
  return out;
}

/** The values staff gave a text becoming a choice: trimmed, once each, at least one (as setChoices takes them). */
function choicesOf(given: string[] | undefined): Json[] {
  const values = [...new Set((given ?? []).map((v) => v.trim()).filter(Boolean))];
  if (!values.length) throw new EditError('choicesNeeded');
  return values;
}

/** Removes a uiSchema key of the node, and uiSchema objects that leaves empty up to the root (nothing is left to say there). */
function removeUiKey(file: JsonObject, path: FieldPath, key: string): void {
  const ui = uiOf(file, path, false);
  if (!ui || !Object.hasOwn(ui, key)) return;
  delete ui[key];
  pruneUi(file, path);
}

function removeUiOption(file: JsonObject, path: FieldPath, option: string): void {
  const ui = uiOf(file, path, false);
  const options = ui?.['ui:options'];
  if (!ui || !isObject(options) || !Object.hasOwn(options, option)) return;
  delete options[option];
  if (!Object.keys(options).length) delete ui['ui:options'];
  pruneUi(file, path);
}

/** Drops the node's uiSchema when empty, then each emptied holder on the way up (a change and its reverse leave no `{}` behind). */
function pruneUi(file: JsonObject, path: FieldPath): void {
  for (let depth = path.length; depth > 0; depth--) {
    const here = uiOf(file, path.slice(0, depth), false);
    if (!here || Object.keys(here).length) return;
    dropEmptyUi(file, path.slice(0, depth));
  }
}

/**
 * A field picking from another stage's list, made to hold several values or one: its schema as
 * "Add" writes it for that shape (title and description kept), its defaults converted, and its
 * "removing an item there removes it here" cascade rewritten for the new shape in place (same rule,
 * same id); "pick the only one" goes when it holds one value (the engine has no such cascade).
 */
function changeRefs(draft: StageDraftValue, path: FieldPath, several: boolean): StageDraftValue {
  const { file, properties, schema, name } = locate(draft, path);
  const options = uiOf(file, path, false)?.['ui:options'];
  const valueKey = isObject(options) && typeof options.valueKey === 'string' ? options.valueKey : 'id';
  const before = cascadesOfField(draft.file, path);
  const title = typeof schema.title === 'string' ? schema.title : `${NS}${nodeKey(file, 'fields', path)}`;
  const next = optionsFromSchema(title, valueKey, several);
  if (typeof schema.description === 'string') next.description = schema.description;
  properties[name] = next;
  mapDefaults(file, path, several ? asList : asOne);
  const after = cascadesOfField(file, path);
  if (before && Array.isArray(file.rules)) file.rules = rewriteCascades(rulesOf(file) as Json[], before, after);
  return done(draft, file);
}

function rewriteCascades(rules: Json[], before: { strip: Cascade; sole: Cascade | null }, after: { strip: Cascade; sole: Cascade | null } | null): Json[] {
  const out: Json[] = [];
  for (const rule of rules) {
    const found = cascadeOfRule(rule);
    if (found && isObject(rule) && sameCascade(found, before.strip)) {
      if (after) out.push({ ...rule, logic: ruleLogic(after.strip) as Json });
    } else if (!(found && before.sole && sameCascade(found, before.sole) && !after?.sole)) out.push(rule);
  }
  return out;
}
