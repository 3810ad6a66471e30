// Reading a stage file as a tree: paths through lists, kinds decided by the uiSchema first, shapes
// not walked, form order from ui:order with its "*".
import { describe, expect, it } from 'vitest';
import { fieldOrder, fieldTree, kindOf, nodeAt, schemaAt, uiAt } from '../../../../../src/config-admin/fields/model/tree';
import { ITEMS } from '../../../../../src/config-admin/fields/model/types';
import { draftOf } from './helpers';

describe('the field tree', () => {
  it('walks lists into their items, with ITEMS in the path', () => {
    const tree = fieldTree(draftOf('opening-hours').file);
    const hours = nodeAt(tree, ['hours']);
    expect(hours).toMatchObject({ kind: 'list', layout: 'accordion', shape: null });
    expect(hours?.children.map((n) => [n.path.join('/'), n.kind])).toEqual(
      expect.arrayContaining([['hours/[]/id', 'hidden'], ['hours/[]/name', 'text']]),
    );
    expect(nodeAt(tree, ['hours', ITEMS, 'name'])?.name).toBe('name');
    expect(nodeAt(tree, ['hours', 'name'])).toBeNull();
    expect(schemaAt(draftOf('opening-hours').file, ['hours', ITEMS, 'name'])?.type).toBe('string');
    expect(uiAt(draftOf('opening-hours').file, ['hours', ITEMS, 'id'])).toEqual({ 'ui:widget': 'hidden' });
  });

  it('does not walk a shared shape; a list of shapes names it', () => {
    const locations = nodeAt(fieldTree(draftOf('locations').file), ['locations']);
    expect(locations).toMatchObject({ kind: 'list', shape: 'location', children: [], layout: 'accordion' });
    const contact = nodeAt(fieldTree(draftOf('key-contact').file), ['keyContact']);
    expect(contact).toMatchObject({ kind: 'shape', shape: 'contact', children: [], required: true, editable: true });
    expect(schemaAt(draftOf('key-contact').file, ['keyContact', 'name'])).toBeNull();
  });

  it('decides by the uiSchema first, then the schema', () => {
    expect(kindOf({ $ref: '../shapes/opening-hours.json' }, { 'ui:field': 'openingHours' })).toBe('openingHours');
    expect(kindOf({ $ref: '../shapes/opening-hours.json' }, null)).toBe('shape');
    expect(kindOf({ $ref: '../shapes/id-list.json' }, { 'ui:widget': 'optionsFrom' })).toBe('optionsFrom');
    expect(kindOf({ $ref: '../shapes/id.json' }, { 'ui:widget': 'hidden' })).toBe('hidden');
    expect(kindOf({ type: 'string', secret: true }, { 'ui:widget': 'password' })).toBe('secret');
    expect(kindOf({ type: 'integer', enum: [1, 2] }, null)).toBe('choice');
    expect(kindOf({ type: 'array', items: { type: 'integer', enum: [1] } }, null)).toBe('multiChoice');
    expect(kindOf({ type: 'array', items: { type: 'string' } }, null)).toBe('textList');
    expect(kindOf({ type: 'array', items: { $ref: '../shapes/department.json' } }, { 'ui:field': 'table' })).toBe('list');
    expect(kindOf({ type: 'string', format: 'date' }, null)).toBe('date');
    expect(kindOf({ type: ['string', 'null'] }, null)).toBe('unknown');
    expect(kindOf({ type: 'object' }, null)).toBe('unknown');
  });

  it('marks conditions and names the reason of an unknown node', () => {
    const payment = nodeAt(fieldTree(draftOf('buying-online').file), ['payment']);
    const stripe = payment?.children.find((n) => n.name === 'stripe');
    expect(stripe?.conditions).toEqual({ visible: true, required: false });
    expect(payment?.children.find((n) => n.name === 'depositLevel')?.conditions).toEqual({ visible: false, required: true });
    const odd = fieldTree({ schema: { type: 'object', properties: { x: { type: ['string', 'null'] } } } });
    expect(odd[0]).toMatchObject({ kind: 'unknown', editable: false, reason: 'typeUnion' });
    expect(fieldTree('broken')).toEqual([]);
    expect(fieldTree({ schema: { $ref: 'x.json' } })).toEqual([]);
  });

  it('orders by ui:order with its "*"', () => {
    expect(fieldOrder(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(fieldOrder(['a', 'b', 'c'], ['c', 'gone', 'c'])).toEqual(['c', 'a', 'b']);
    expect(fieldOrder(['a', 'b'], undefined)).toEqual(['a', 'b']);
    const order = fieldTree(draftOf('company-information').file)[0].children.map((n) => n.name);
    expect(order.slice(0, 3)).toEqual(['name', 'regAddress', 'postcode']);
  });
});
