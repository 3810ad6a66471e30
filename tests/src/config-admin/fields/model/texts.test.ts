// The words of the structured editor: keys named after a node's path, words per locale in the
// draft's labels (keys without `configurator:`).
import { describe, expect, it } from 'vitest';
import { lintStageFile } from '../../../../../engine';
import { addNode } from '../../../../../src/config-admin/fields/model/edits';
import { ensureChoiceKey, ensureTextKey, labelKey, setLabel } from '../../../../../src/config-admin/fields/model/texts';
import { schemaAt, uiAt } from '../../../../../src/config-admin/fields/model/tree';
import { EditError, ITEMS } from '../../../../../src/config-admin/fields/model/types';
import { draftOf } from './helpers';

describe('texts', () => {
  it('labelKey reads a configurator key, not plain words', () => {
    expect(labelKey('configurator:fields.franchises')).toBe('fields.franchises');
    expect(labelKey('Franchises')).toBeNull();
    expect(labelKey('configurator:')).toBeNull();
    expect(labelKey(3)).toBeNull();
  });

  it('setLabel sets, replaces and removes one text; an unchanged text gives back the draft', () => {
    const d = draftOf('key-contact');
    const one = setLabel(d, 'configurator:fields.keyContact', 'fr-FR', 'Contact principal');
    expect(one.labels).toEqual({ 'fr-FR': { 'fields.keyContact': 'Contact principal' } });
    expect(setLabel(one, 'fields.keyContact', 'fr-FR', 'Contact principal')).toBe(one);
    expect(setLabel(one, 'fields.keyContact', 'fr-FR', '').labels).toEqual({});
    expect(setLabel(d, 'fields.keyContact', 'fr-FR', '')).toBe(d);
    expect(() => setLabel(d, 'fields/bad key', 'fr-FR', 'x')).toThrow(EditError);
    expect(d.labels).toEqual({});
  });

  it('ensureTextKey answers an existing key and leaves the draft as it was', () => {
    const d = draftOf('franchises');
    const out = ensureTextKey(d, ['franchises', ITEMS, 'name'], 'title');
    expect(out).toEqual({ draft: d, key: 'fields.franchiseName' });
    expect(out.draft).toBe(d);
  });

  it('ensureTextKey names a missing help or description after the path (items left out)', () => {
    const d = draftOf('franchises');
    const help = ensureTextKey(d, ['franchises', ITEMS, 'name'], 'help');
    expect(help.key).toBe('help.franchises.franchises.name');
    expect(uiAt(help.draft.file, ['franchises', ITEMS, 'name'])).toEqual({ 'ui:help': 'configurator:help.franchises.franchises.name' });
    const description = ensureTextKey(help.draft, ['franchises'], 'description');
    expect(description.key).toBe('descriptions.franchises.franchises');
    expect(uiAt(description.draft.file, ['franchises'])?.['ui:description']).toBe('configurator:descriptions.franchises.franchises');
    expect(lintStageFile(description.draft.file)).toEqual([]);
    expect(ensureTextKey(description.draft, ['franchises'], 'description').draft).toBe(description.draft);
  });

  it('ensureTextKey turns plain words into a key with those words in en-GB, and titles a field without one', () => {
    const d = draftOf('franchises');
    const plain = { ...d, file: JSON.parse(JSON.stringify(d.file).replaceAll('"configurator:fields.franchiseName"', '"Franchise"')) as unknown };
    const out = ensureTextKey(plain, ['franchises', ITEMS, 'name'], 'title');
    expect(out.key).toBe('fields.franchises.franchises.name');
    expect(out.draft.labels).toEqual({ 'en-GB': { 'fields.franchises.franchises.name': 'Franchise' } });
    const id = ensureTextKey(d, ['franchises', ITEMS, 'id'], 'title');
    expect(schemaAt(id.draft.file, ['franchises', ITEMS, 'id'])).toEqual({ $ref: '../shapes/id.json', title: 'configurator:fields.franchises.franchises.id' });
    expect(() => ensureTextKey(draftOf('key-contact'), ['keyContact', 'name'], 'title')).toThrow(EditError);
    expect(() => ensureTextKey(d, [], 'title')).toThrow(EditError);
  });

  it('a new node inside a new list is titled after its whole path', () => {
    let d = addNode(draftOf('franchises'), [], { name: 'sites', kind: 'list', labels: { 'en-GB': 'Sites' } });
    d = addNode(d, ['sites', ITEMS], { name: 'url', kind: 'text', labels: { 'nl-NL': 'Adres' } });
    expect(schemaAt(d.file, ['sites', ITEMS, 'url'])?.title).toBe('configurator:fields.franchises.sites.url');
    expect(d.labels).toEqual({ 'en-GB': { 'fields.franchises.sites': 'Sites' }, 'nl-NL': { 'fields.franchises.sites.url': 'Adres' } });
    expect(lintStageFile(d.file)).toEqual([]);
  });
});

describe('ensureChoiceKey', () => {
  it('answers the key of a choice under the field\'s enumLabels, naming them when missing', () => {
    const content = draftOf('content');
    expect(ensureChoiceKey(content, ['content', 'type'], '2')).toEqual({ draft: content, key: 'contentTypes.2' });
    const leasing = draftOf('leasing');
    const out = ensureChoiceKey(leasing, ['leasing', 'termsMonths'], '24');
    expect(out.key).toBe('choices.leasing.leasing.termsMonths.24');
    expect(schemaAt(out.draft.file, ['leasing', 'termsMonths'])).toMatchObject({ enumLabels: 'configurator:choices.leasing.leasing.termsMonths', items: { enumLabels: 'configurator:choices.leasing.leasing.termsMonths' } });
    expect(lintStageFile(out.draft.file)).toEqual([]);
    expect(() => ensureChoiceKey(leasing, ['leasing'], 'x')).toThrow(EditError);
  });
});
