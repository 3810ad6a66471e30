/**
 * What "Add" writes for each kind: the schema and uiSchema of a new node, following how the shipped
 * stage files write the same widget (the file named beside each), so a new field behaves like the
 * built-in ones and passes the engine's linter.
 */
import { EditError, type GroupLayout, type JsonObject, type ListLayout, type WidgetKind } from './types';

/** Kinds "Add" offers: the others are written by the engine's own stages or are shared shapes. */
export const ADDABLE_KINDS: readonly WidgetKind[] = [
  'text', 'textarea', 'markdown', 'number', 'slider', 'yesno', 'choice', 'multiChoice', 'date', 'secret',
  'optionsFrom', 'remoteSelect', 'media', 'openingHours', 'displayText', 'group', 'list', 'textList',
];

/** The remote select sources the app's searchers offer (src/configurator/stage/searchers.ts), and what each stores. */
export const REMOTE_SOURCES: Readonly<Record<string, JsonObject>> = {
  // key-contact.json: a user id of the config's company, checked by the server (refersTo).
  companyUsers: { type: 'integer', minimum: 1, refersTo: 'companyUser' },
  // design-brief.json: a published showcase's guid, checked by the server (refersTo).
  showcases: { type: 'string', format: 'uuid', maxLength: 36, refersTo: 'showcase' },
  companies: { type: 'integer', minimum: 1 },
};

export const ID_SHAPE = '../shapes/id.json';
export const ID_LIST_SHAPE = '../shapes/id-list.json';
export const OPENING_HOURS_SHAPE = '../shapes/opening-hours.json';

/** The schema of an optionsFrom value: an id (or a list of ids, id-list.json as 21 shipped fields) or another key's text. */
export function optionsFromSchema(title: string, valueKey: string, multiple: boolean): JsonObject {
  if (multiple) return valueKey === 'id' ? { $ref: ID_LIST_SHAPE, title } : { type: 'array', title, items: { type: 'string', maxLength: 200 }, uniqueItems: true, default: [] };
  // The id shape allows 40 characters (schemas/shapes/id.json).
  return { type: 'string', title, maxLength: valueKey === 'id' ? 40 : 200 };
}

export interface NewNodeParts {
  kind: WidgetKind;
  title: string;
  /** The choices' words prefix (`configurator:choices.<stage>.<path>`). */
  choicesKey: string;
  choices: string[];
  optionsFrom?: { stage: string; list: string; valueKey: string; labelKey: string; multiple?: boolean };
  source?: string;
  layout?: GroupLayout | ListLayout;
}

/** The schema and uiSchema (`{}` when it needs none) of a new node. */
export function newNodeSchema(parts: NewNodeParts): { schema: JsonObject; ui: JsonObject } {
  const { kind, title, choicesKey, choices } = parts;
  // JSON Schema refuses an empty enum: a choice starts with its first values.
  if ((kind === 'choice' || kind === 'multiChoice') && !choices.length) throw new EditError('choicesNeeded');
  switch (kind) {
    case 'text':
      return { schema: { type: 'string', title, maxLength: 200 }, ui: {} };
    case 'textarea':
      // internal-pages.json notes
      return { schema: { type: 'string', title, maxLength: 2000 }, ui: { 'ui:widget': 'textarea' } };
    case 'markdown':
      return { schema: { type: 'string', title, maxLength: 2000 }, ui: { 'ui:widget': 'markdown' } };
    case 'number':
      return { schema: { type: 'number', title }, ui: {} };
    case 'slider':
      // design.json creativeFreedom: the slider's own 0-100 in steps of 25.
      return { schema: { type: 'integer', title, minimum: 0, maximum: 100, multipleOf: 25 }, ui: { 'ui:widget': 'slider' } };
    case 'yesno':
      return { schema: { type: 'boolean', title }, ui: { 'ui:widget': 'switch' } };
    case 'choice':
      return { schema: { type: 'string', title, enum: choices, enumLabels: choicesKey }, ui: {} };
    case 'multiChoice':
      // leasing.json types: the words named on the items (the select reads them) and on the list (the overview).
      return {
        schema: { type: 'array', title, items: { type: 'string', enum: choices, enumLabels: choicesKey }, uniqueItems: true, enumLabels: choicesKey, default: [] },
        ui: { 'ui:widget': 'checkboxes' },
      };
    case 'date':
      return { schema: { type: 'string', title, format: 'date' }, ui: {} };
    case 'secret':
      // The meta-schema allows only maxLength on a secret (anything else would judge the mask).
      return { schema: { type: 'string', title, secret: true, maxLength: 200 }, ui: {} };
    case 'optionsFrom': {
      const spec = parts.optionsFrom;
      if (!spec) throw new EditError('optionsFromNeeded');
      return {
        schema: optionsFromSchema(title, spec.valueKey, !!spec.multiple),
        ui: { 'ui:widget': 'optionsFrom', 'ui:options': { stage: spec.stage, optionsFrom: spec.list, valueKey: spec.valueKey, labelKey: spec.labelKey } },
      };
    }
    case 'remoteSelect': {
      const source = parts.source ?? 'companyUsers';
      if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(source)) throw new EditError('notASource', { source });
      const stored = Object.hasOwn(REMOTE_SOURCES, source) ? REMOTE_SOURCES[source] : { type: 'string', maxLength: 200 };
      const { type, ...rest } = stored;
      return { schema: { type, title, ...rest }, ui: { 'ui:widget': 'remoteSelect', 'ui:options': { source } } };
    }
    case 'media':
      // design.json logo: a media library file's guid.
      return { schema: { type: 'string', title, format: 'uuid', maxLength: 36 }, ui: { 'ui:widget': 'media' } };
    case 'openingHours':
      return { schema: { $ref: OPENING_HOURS_SHAPE, title }, ui: { 'ui:field': 'openingHours' } };
    case 'displayText':
      // A plain value shown as a sentence (`{{value}}`); `ui:options` text / emptyText / link name its words.
      return { schema: { type: 'string', title, maxLength: 200 }, ui: { 'ui:field': 'displayText' } };
    case 'group': {
      const layout = parts.layout ?? 'plain';
      if (!['plain', 'portlets', 'tabs', 'accordion'].includes(layout)) throw new EditError('groupLayout', { layout });
      return { schema: { type: 'object', title, properties: {} }, ui: layout === 'plain' ? {} : { 'ui:field': layout } };
    }
    case 'list': {
      const layout = parts.layout ?? 'table';
      if (!['cards', 'table', 'accordion', 'tabs', 'portlets'].includes(layout)) throw new EditError('listLayout', { layout });
      // franchises.json: every item has an id (engine/stages/list-ids.ts gives new ones; other stages
      // refer to items by it), hidden in the form.
      const ui: JsonObject = { items: { id: { 'ui:widget': 'hidden' } } };
      if (layout !== 'cards') ui['ui:field'] = layout;
      return {
        schema: { type: 'array', title, items: { type: 'object', properties: { id: { $ref: ID_SHAPE } }, required: ['id'] }, default: [] },
        ui,
      };
    }
    case 'textList':
      return { schema: { type: 'array', title, items: { type: 'string', maxLength: 200 }, default: [] }, ui: {} };
    default:
      throw new EditError('notAddable', { kind });
  }
}
