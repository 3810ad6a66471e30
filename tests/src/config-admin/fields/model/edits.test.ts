// The structured editor's edits by path (issue 56) on the real stage files: every kind added at the
// root, in a group and in a list item leaves a file the engine's linter accepts; removals clean up
// after themselves; a shared shape's inside is refused; inputs are never changed.
import { describe, expect, it } from 'vitest';
import { lintStageFile } from '../../../../../engine';
import {
  addNode, conditionOf, moveNode, removeNode, setChoices, setCondition, setLayout, setOptionsFrom, setRequired, setSchemaKey, setUiKey, setUiOption, type NewNode,
} from '../../../../../src/config-admin/fields/model/edits';
import { ADDABLE_KINDS } from '../../../../../src/config-admin/fields/model/newNode';
import { fieldTree, nodeAt, schemaAt, uiAt } from '../../../../../src/config-admin/fields/model/tree';
import { EditError, ITEMS, type FieldPath, type StageDraftValue, type WidgetKind } from '../../../../../src/config-admin/fields/model/types';
import { at, bytes, draftOf, frozen } from './helpers';

/** What "Add" is given for each kind (the kinds that need more than a name get it). */
const specsOf = (kind: WidgetKind): NewNode[] => {
  const base = { name: `new${kind[0].toUpperCase()}${kind.slice(1)}`, kind, labels: { 'en-GB': `New ${kind}`, 'fr-FR': `Nouveau ${kind}` } };
  switch (kind) {
    case 'choice':
    case 'multiChoice':
      return [{ ...base, choices: ['a', 'b', 'a', ' '] }];
    case 'optionsFrom':
      return [
        { ...base, optionsFrom: { stage: 'franchises', list: '/franchises', valueKey: 'id', labelKey: 'name' } },
        { ...base, name: 'newOptionsMany', optionsFrom: { stage: 'locations', list: '/locations', valueKey: 'id', labelKey: 'name', multiple: true } },
        { ...base, name: 'newOptionsEmails', optionsFrom: { stage: 'users', list: '/users', valueKey: 'email', labelKey: 'email', multiple: true } },
      ];
    case 'remoteSelect':
      return ['companyUsers', 'showcases', 'companies'].map((source) => ({ ...base, name: `new${source}`, source }));
    case 'group':
      return (['plain', 'portlets', 'tabs', 'accordion'] as const).map((layout) => ({ ...base, name: `newGroup${layout}`, layout, required: true }));
    case 'list':
      return (['cards', 'table', 'accordion', 'tabs', 'portlets'] as const).map((layout) => ({ ...base, name: `newList${layout}`, layout }));
    default:
      return [{ ...base, required: true }];
  }
};

/** Containers of every sort: the root, a group, a list's items, and a list inside a list's items. */
const places: [string, string, FieldPath][] = [
  ['the root', 'franchises', []],
  ['a group', 'design', ['brief']],
  ['a list item', 'franchises', ['franchises', ITEMS]],
  ['an item of a list in a list item', 'global-navigation', ['structure', 'items', ITEMS]],
];

describe('addNode', () => {
  it.each(places)('adds every kind in %s (%s), lint-clean, the input untouched', (_where, slug, container) => {
    const start = draftOf(slug);
    const before = bytes(start);
    let d: StageDraftValue = start;
    for (const kind of ADDABLE_KINDS) {
      for (const spec of specsOf(kind)) {
        d = addNode(frozen(d), container, spec);
        const path = [...container, spec.name];
        const node = nodeAt(fieldTree(d.file), path);
        expect(node?.kind, `${spec.name} in ${slug}`).toBe(kind);
        expect(node?.required).toBe(!!spec.required);
        const key = ['fields', slug, ...path.filter((s) => s !== ITEMS)].join('.');
        expect(node?.title).toBe(`configurator:${key}`);
        expect(d.labels['fr-FR'][key]).toBe(`Nouveau ${kind}`);
        // The order is written: the new node is last, every sibling named.
        const order = at(uiAt(d.file, container), 'ui:order') as string[];
        expect(order[order.length - 1]).toBe(spec.name);
        expect(order.length).toBe(Object.keys(at(schemaAt(d.file, container), 'properties') as object).length);
        if (spec.layout) expect(node?.layout).toBe(spec.layout);
        expect(lintStageFile(d.file), `${spec.name} in ${slug}`).toEqual([]);
      }
    }
    expect(bytes(start)).toBe(before);
  });

  it('writes what the shipped files write', () => {
    const d = draftOf('franchises');
    const list = addNode(d, [], { name: 'sites', kind: 'list', layout: 'table' });
    expect(schemaAt(list.file, ['sites'])).toEqual({
      type: 'array', title: 'configurator:fields.franchises.sites', items: { type: 'object', properties: { id: { $ref: '../shapes/id.json' } }, required: ['id'] }, default: [],
    });
    expect(uiAt(list.file, ['sites'])).toEqual({ items: { id: { 'ui:widget': 'hidden' } }, 'ui:field': 'table' });
    const secret = addNode(d, [], { name: 'apiKey', kind: 'secret' });
    expect(schemaAt(secret.file, ['apiKey'])).toEqual({ type: 'string', title: 'configurator:fields.franchises.apiKey', secret: true, maxLength: 200 });
    const many = addNode(d, [], { name: 'sold', kind: 'optionsFrom', optionsFrom: { stage: 'locations', list: '/locations', valueKey: 'id', labelKey: 'name', multiple: true } });
    expect(schemaAt(many.file, ['sold'])).toEqual({ $ref: '../shapes/id-list.json', title: 'configurator:fields.franchises.sold' });
    expect(uiAt(many.file, ['sold'])).toEqual({ 'ui:widget': 'optionsFrom', 'ui:options': { stage: 'locations', optionsFrom: '/locations', valueKey: 'id', labelKey: 'name' } });
    const hours = addNode(d, [], { name: 'hours', kind: 'openingHours' }, 0);
    expect(uiAt(hours.file, [])?.['ui:order']).toEqual(['hours', 'franchises']);
    expect(uiAt(hours.file, ['hours'])).toEqual({ 'ui:field': 'openingHours' });
    const multi = addNode(d, [], { name: 'days', kind: 'multiChoice', choices: ['mon', 'tue'] });
    expect(schemaAt(multi.file, ['days'])).toMatchObject({ type: 'array', uniqueItems: true, items: { type: 'string', enum: ['mon', 'tue'], enumLabels: 'configurator:choices.franchises.days' } });
    expect(uiAt(multi.file, ['days'])).toEqual({ 'ui:widget': 'checkboxes' });
  });

  it('refuses a bad or taken name, a kind it cannot add, a place inside a shared shape', () => {
    const d = draftOf('key-contact');
    expect(() => addNode(d, [], { name: 'keyContactUser', kind: 'text' })).toThrow(EditError);
    expect(() => addNode(d, [], { name: '9lives', kind: 'text' })).toThrow(EditError);
    expect(() => addNode(d, [], { name: '__proto__', kind: 'text' })).toThrow(EditError);
    for (const kind of ['unknown', 'shape', 'configSummary', 'hidden'] as const) expect(() => addNode(d, [], { name: 'x', kind })).toThrow(EditError);
    expect(() => addNode(d, [], { name: 'x', kind: 'optionsFrom' })).toThrow(EditError);
    expect(() => addNode(d, [], { name: 'x', kind: 'choice', choices: [' '] })).toThrow(EditError);
    expect(() => addNode(d, [], { name: 'x', kind: 'optionsFrom', optionsFrom: { stage: 'Bad Stage', list: '/x', valueKey: 'id', labelKey: 'name' } })).toThrow(EditError);
    expect(() => addNode(d, ['keyContact'], { name: 'x', kind: 'text' })).toThrow(expect.objectContaining({ code: 'insideShape', params: { path: 'keyContact', shape: 'contact' } }));
    expect(() => addNode(draftOf('locations'), ['locations', ITEMS], { name: 'x', kind: 'text' })).toThrow(expect.objectContaining({ code: 'insideShape', params: { path: 'locations', shape: 'location' } }));
    expect(() => addNode(d, ['nothing'], { name: 'x', kind: 'text' })).toThrow(EditError);
    expect(() => addNode({ file: 'not json', labels: {} }, [], { name: 'x', kind: 'text' })).toThrow(EditError);
  });
});

describe('edits inside a shared shape are refused; the shape node itself is this stage\'s', () => {
  it('refuses every edit of a path through a $ref', () => {
    const d = draftOf('key-contact');
    const inside = ['keyContact', 'name'];
    expect(() => setSchemaKey(d, inside, 'maxLength', 10)).toThrow(EditError);
    expect(() => setRequired(d, inside, true)).toThrow(EditError);
    expect(() => removeNode(d, inside)).toThrow(EditError);
    expect(() => moveNode(d, inside, 0)).toThrow(EditError);
    expect(() => setCondition(d, inside, 'visible', true)).toThrow(EditError);
    expect(() => setUiKey(d, inside, 'ui:help', 'x')).toThrow(EditError);
    const titled = setSchemaKey(d, ['keyContact'], 'title', 'configurator:fields.mainContact');
    expect(schemaAt(titled.file, ['keyContact'])).toEqual({ $ref: '../shapes/contact.json', title: 'configurator:fields.mainContact' });
    expect(lintStageFile(titled.file)).toEqual([]);
  });
});

describe('removeNode', () => {
  it('removes the schema, uiSchema, required entry, ui:order place, conditions and default', () => {
    const d = draftOf('buying-online');
    const one = removeNode(d, ['payment', 'depositLevel']);
    expect(at(schemaAt(one.file, ['payment']), 'properties', 'depositLevel')).toBeUndefined();
    expect(at(schemaAt(one.file, ['payment']), 'requiredIf')).toEqual({ depositAmount: { and: [{ var: 'deposit' }, { '==': [{ var: 'depositLevel' }, 1] }] } });
    expect(at((one.file as { defaults: unknown }).defaults, 'payment', 'depositLevel')).toBeUndefined();
    expect(lintStageFile(one.file)).toEqual([]);
    const two = removeNode(removeNode(one, ['payment', 'stripe']), ['payment', 'cybersource']);
    expect(at(schemaAt(two.file, ['payment']), 'visibleIf')).toBeUndefined();
    expect(conditionOf(two.file, ['payment', 'cybersource'], 'visible')).toBeUndefined();
    expect(lintStageFile(two.file)).toEqual([]);
    const three = removeNode(two, ['payment', 'provider']);
    expect(at(schemaAt(three.file, ['payment']), 'required')).toBeUndefined();
    expect(lintStageFile(three.file)).toEqual([]);
  });

  it('drops a removed item field from the table columns and from ui:order', () => {
    const d = draftOf('users');
    const out = removeNode(moveNode(d, ['users', ITEMS, 'email'], 0), ['users', ITEMS, 'email']);
    expect(at(uiAt(out.file, ['users']), 'ui:options', 'columns')).toEqual(['firstName', 'lastName', 'role', 'receiveLeads']);
    expect(at(uiAt(out.file, ['users', ITEMS]), 'ui:order')).not.toContain('email');
    expect(lintStageFile(out.file)).toEqual([]);
    expect(() => removeNode(d, ['users', ITEMS, 'nothing'])).toThrow(EditError);
    expect(() => removeNode(d, ['users', ITEMS])).toThrow(EditError);
  });

  it('removes a group with its defaults (closed objects would refuse them)', () => {
    const out = removeNode(draftOf('design-brief'), ['designBrief', 'uniquePoints']);
    expect(at((out.file as { defaults: unknown }).defaults, 'designBrief', 'uniquePoints')).toBeUndefined();
    expect(lintStageFile(out.file)).toEqual([]);
  });
});

describe('the other edits', () => {
  it('moveNode writes the whole order; a move to its own place changes nothing', () => {
    const d = draftOf('franchises');
    const out = moveNode(d, ['franchises', ITEMS, 'name'], 0);
    expect(uiAt(out.file, ['franchises', ITEMS])?.['ui:order']).toEqual(['name', 'id']);
    expect(moveNode(out, ['franchises', ITEMS, 'name'], -5)).toBe(out);
  });

  it('setRequired adds and removes, dropping an emptied required', () => {
    const d = draftOf('franchises');
    const off = setRequired(setRequired(d, ['franchises', ITEMS, 'name'], false), ['franchises', ITEMS, 'id'], false);
    expect(schemaAt(off.file, ['franchises', ITEMS])?.required).toBeUndefined();
    const on = setRequired(off, ['franchises', ITEMS, 'name'], true);
    expect(schemaAt(on.file, ['franchises', ITEMS])?.required).toEqual(['name']);
    expect(setRequired(on, ['franchises', ITEMS, 'name'], true)).toBe(on);
  });

  it('setCondition sets and removes, the keyword going with its last entry', () => {
    const d = draftOf('design-brief');
    const logic = { '==': [{ var: 'otherSites' }, true] };
    const on = setCondition(d, ['designBrief', 'sites'], 'visible', logic);
    expect(conditionOf(on.file, ['designBrief', 'sites'], 'visible')).toEqual(logic);
    expect(fieldTree(on.file)[0].children.find((n) => n.name === 'sites')?.conditions).toEqual({ visible: true, required: false });
    expect(lintStageFile(on.file)).toEqual([]);
    const off = setCondition(on, ['designBrief', 'sites'], 'visible', undefined);
    expect(bytes(off)).toBe(bytes(d));
    expect(setCondition(d, ['designBrief', 'sites'], 'required', undefined)).toBe(d);
  });

  it('setSchemaKey / setUiKey / setUiOption set and remove; structural keys are refused', () => {
    const d = draftOf('franchises');
    const path = ['franchises', ITEMS, 'name'];
    const pattern = setSchemaKey(d, path, 'pattern', '^[A-Z]');
    expect(schemaAt(pattern.file, path)?.pattern).toBe('^[A-Z]');
    expect(bytes(setSchemaKey(pattern, path, 'pattern', undefined))).toBe(bytes(d));
    for (const key of ['$ref', 'properties', 'items', 'required', 'visibleIf', 'requiredIf', '__proto__']) expect(() => setSchemaKey(d, path, key, 1)).toThrow(EditError);
    const help = setUiKey(d, path, 'ui:help', 'configurator:help.x');
    expect(uiAt(help.file, path)).toEqual({ 'ui:help': 'configurator:help.x' });
    expect(bytes(setUiKey(help, path, 'ui:help', undefined))).toBe(bytes(d));
    expect(() => setUiKey(d, path, 'items', {})).toThrow(EditError);
    const rows = setUiOption(d, path, 'rows', 4);
    expect(uiAt(rows.file, path)).toEqual({ 'ui:options': { rows: 4 } });
    expect(bytes(setUiOption(rows, path, 'rows', undefined))).toBe(bytes(d));
    expect(setUiOption(d, path, 'rows', undefined)).toBe(d);
  });

  it('setLayout switches ui:field and the options each layout reads', () => {
    const d = draftOf('franchises');
    const accordion = setLayout(d, ['franchises'], 'accordion');
    expect(uiAt(accordion.file, ['franchises'])).toMatchObject({ 'ui:field': 'accordion', 'ui:options': { labelKey: 'name' } });
    expect(at(uiAt(accordion.file, ['franchises']), 'ui:options', 'columns')).toBeUndefined();
    const cards = setLayout(accordion, ['franchises'], 'cards');
    expect(uiAt(cards.file, ['franchises'])).toEqual({ items: { id: { 'ui:widget': 'hidden' } } });
    const table = setLayout(cards, ['franchises'], 'table');
    expect(uiAt(table.file, ['franchises'])).toMatchObject({ 'ui:field': 'table', 'ui:options': { columns: ['name'] } });
    expect(() => setLayout(d, ['franchises'], 'plain')).toThrow(EditError);
    expect(() => setLayout(d, ['franchises', ITEMS, 'name'], 'table')).toThrow(EditError);
    const tabs = setLayout(draftOf('design'), ['brief'], 'tabs');
    expect(uiAt(tabs.file, ['brief'])?.['ui:field']).toBe('tabs');
    expect(lintStageFile(tabs.file)).toEqual([]);
  });

  it('setChoices writes the values, names their words and drops the removed ones\' words', () => {
    let d = addNode(draftOf('franchises'), [], { name: 'tier', kind: 'choice', choices: ['gold', 'silver'] });
    d = { ...d, labels: { 'en-GB': { 'choices.franchises.tier.gold': 'Gold', 'choices.franchises.tier.silver': 'Silver' } } };
    const out = setChoices(d, ['tier'], ['silver', 'bronze']);
    expect(schemaAt(out.file, ['tier'])).toMatchObject({ enum: ['silver', 'bronze'], enumLabels: 'configurator:choices.franchises.tier' });
    expect(out.labels).toEqual({ 'en-GB': { 'choices.franchises.tier.silver': 'Silver' } });
    expect(lintStageFile(out.file)).toEqual([]);
    // Numbers stay numbers; a shared prefix's words are not touched.
    const content = setChoices(draftOf('content'), ['content', 'type'], ['1', '3']);
    expect(schemaAt(content.file, ['content', 'type'])).toMatchObject({ enum: [1, 3], enumLabels: 'configurator:contentTypes', default: 1 });
    expect(lintStageFile(content.file)).toEqual([]);
    expect(() => setChoices(draftOf('content'), ['content', 'type'], ['one'])).toThrow(EditError);
    const months = setChoices(draftOf('leasing'), ['leasing', 'termsMonths'], ['24', '36']);
    expect(schemaAt(months.file, ['leasing', 'termsMonths'])).toMatchObject({ items: { enum: [24, 36] }, default: [24, 36] });
    expect(lintStageFile(months.file)).toEqual([]);
    expect(at((months.file as { defaults: unknown }).defaults, 'leasing', 'termsMonths')).toEqual([24, 36]);
    expect(() => setChoices(d, ['tier'], [])).toThrow(EditError);
    expect(() => setChoices(d, ['franchises'], ['x'])).toThrow(EditError);
  });

  it('setOptionsFrom repoints the list, and changes the stored shape between one and several', () => {
    const d = draftOf('design');
    const other = setOptionsFrom(d, ['copyFranchise'], { stage: 'locations', list: '/locations', valueKey: 'id', labelKey: 'name' });
    expect(uiAt(other.file, ['copyFranchise'])?.['ui:options']).toEqual({ stage: 'locations', optionsFrom: '/locations', valueKey: 'id', labelKey: 'name' });
    expect(schemaAt(other.file, ['copyFranchise'])).toEqual(schemaAt(d.file, ['copyFranchise']));
    const many = setOptionsFrom(d, ['copyFranchise'], { stage: 'franchises', list: '/franchises', valueKey: 'id', labelKey: 'name', multiple: true });
    expect(schemaAt(many.file, ['copyFranchise'])).toEqual({ $ref: '../shapes/id-list.json', title: 'configurator:fields.copyFranchise' });
    expect(setOptionsFrom(d, ['copyFranchise'], { stage: 'franchises', list: '/franchises', valueKey: 'id', labelKey: 'name', multiple: false })).toBe(d);
    expect(() => setOptionsFrom(d, ['brief'], { stage: 'franchises', list: '/franchises', valueKey: 'id', labelKey: 'name' })).toThrow(EditError);
  });
});
