// The stage editor's structured mode (issue 31): its edits are pure functions on { file, labels },
// run here on the real key contact stage file; each leaves its input untouched and the result still
// passes the engine's linter.
import { describe, expect, it } from 'vitest';
import { lintStageFile, stageFiles } from '../../../../engine';
import { addChoice, addField, containers, EditError, fieldOrder, listFields, moveField, removeField, setLabel, setRequired, type StageDraftValue } from '../../../../src/config-admin/stages/structuredEdits';

type File = { slug: string; schema: { properties: Record<string, Record<string, unknown>>; required?: string[] }; uiSchema: Record<string, Record<string, unknown> & { 'ui:order'?: string[] }> };
const keyContact = (): StageDraftValue => ({ file: JSON.parse(JSON.stringify(stageFiles['key-contact'])) as unknown, labels: {} });
const fileOf = (d: StageDraftValue) => d.file as File;
const frozen = <T>(v: T): T => {
  if (v && typeof v === 'object') {
    Object.values(v).forEach(frozen);
    Object.freeze(v);
  }
  return v;
};

describe('structured edits of a stage draft', () => {
  it('lists the fields of the stage and of its inline objects, shapes marked', () => {
    const fields = listFields(keyContact().file, []);
    expect(fields.map((f) => [f.name, f.type, f.required, f.shape])).toEqual([
      ['keyContact', 'object', true, 'contact'],
      ['keyContactUser', 'integer', false, null],
    ]);
    expect(containers(keyContact().file)).toEqual([[]]);
    expect(containers(stageFiles['franchises'])).toEqual([[]]);
  });

  it('addField: a text field titled by a new key, its labels per locale, the input untouched', () => {
    const before = frozen(keyContact());
    const after = addField(before, [], { name: 'preferredTime', type: 'text', labels: { 'en-GB': ' Best time to call ', 'fr-FR': 'Meilleur moment', 'nl-NL': '' } });
    expect(fileOf(after).schema.properties.preferredTime).toEqual({ type: 'string', title: 'configurator:fields.key-contact.preferredTime', maxLength: 200 });
    expect(after.labels).toEqual({ 'en-GB': { 'fields.key-contact.preferredTime': 'Best time to call' }, 'fr-FR': { 'fields.key-contact.preferredTime': 'Meilleur moment' } });
    expect(fileOf(after).uiSchema['ui:order']).toEqual(['keyContact', 'keyContactUser', 'preferredTime']);
    expect(fileOf(before).schema.properties.preferredTime).toBeUndefined();
    expect(lintStageFile(after.file)).toEqual([]);
  });

  it('addField: number, yes / no, a required choice; refuses a bad or taken name', () => {
    let d = addField(keyContact(), [], { name: 'visits', type: 'number' });
    d = addField(d, [], { name: 'consent', type: 'yesno' });
    d = addField(d, [], { name: 'channel', type: 'choice', choices: ['phone', 'email', 'phone', ' '], required: true });
    const p = fileOf(d).schema.properties;
    expect([p.visits.type, p.consent.type]).toEqual(['number', 'boolean']);
    expect(p.channel).toMatchObject({ type: 'string', enum: ['phone', 'email'], enumLabels: 'configurator:choices.key-contact.channel' });
    expect(fileOf(d).schema.required).toEqual(['keyContact', 'channel']);
    expect(lintStageFile(d.file)).toEqual([]);
    expect(() => addField(d, [], { name: 'visits', type: 'text' })).toThrow(EditError);
    expect(() => addField(d, [], { name: '9lives', type: 'text' })).toThrow(EditError);
    expect(() => addField(d, [], { name: '__proto__', type: 'text' })).toThrow(EditError);
    // A shared shape is not edited here: it would change every stage using it.
    expect(() => addField(d, ['keyContact'], { name: 'x', type: 'text' })).toThrow(EditError);
  });

  it('setLabel: sets, replaces and removes one text of one locale (the key with or without its namespace)', () => {
    let d = setLabel(keyContact(), 'configurator:fields.keyContact', 'fr-FR', 'Contact principal');
    expect(d.labels).toEqual({ 'fr-FR': { 'fields.keyContact': 'Contact principal' } });
    d = setLabel(d, 'fields.keyContact', 'fr-FR', 'Interlocuteur');
    expect(d.labels['fr-FR']['fields.keyContact']).toBe('Interlocuteur');
    expect(setLabel(d, 'fields.keyContact', 'fr-FR', '').labels).toEqual({});
    expect(() => setLabel(d, 'fields/bad key', 'fr-FR', 'x')).toThrow(EditError);
  });

  it('moveField: writes the whole order as ui:order; at an end nothing changes', () => {
    const d = addField(keyContact(), [], { name: 'preferredTime', type: 'text' });
    const up = moveField(d, [], 'preferredTime', -1);
    expect(fileOf(up).uiSchema['ui:order']).toEqual(['keyContact', 'preferredTime', 'keyContactUser']);
    expect(listFields(up.file, []).map((f) => f.name)).toEqual(['keyContact', 'preferredTime', 'keyContactUser']);
    expect(moveField(up, [], 'keyContact', -1)).toBe(up);
    expect(lintStageFile(up.file)).toEqual([]);
    expect(() => moveField(d, [], 'nothing', 1)).toThrow(EditError);
  });

  it('fieldOrder reads ui:order with its "*" and names it lacks', () => {
    expect(fieldOrder(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(fieldOrder(['a', 'b', 'c'], ['c', 'gone'])).toEqual(['c', 'a', 'b']);
    expect(fieldOrder(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });

  it('setRequired: adds and removes the name once', () => {
    let d = setRequired(keyContact(), [], 'keyContactUser', true);
    expect(fileOf(d).schema.required).toEqual(['keyContact', 'keyContactUser']);
    d = setRequired(d, [], 'keyContactUser', true);
    expect(fileOf(d).schema.required).toEqual(['keyContact', 'keyContactUser']);
    d = setRequired(setRequired(d, [], 'keyContactUser', false), [], 'keyContact', false);
    expect(fileOf(d).schema.required).toBeUndefined();
  });

  it('addChoice: a new enum value with its words; refuses a duplicate and a non-text field', () => {
    let d = addField(keyContact(), [], { name: 'channel', type: 'choice', choices: ['phone'] });
    d = addChoice(d, [], 'channel', 'email', { 'en-GB': 'Email', 'fr-FR': 'E-mail' });
    expect(fileOf(d).schema.properties.channel.enum).toEqual(['phone', 'email']);
    expect(d.labels['fr-FR']).toEqual({ 'choices.key-contact.channel.email': 'E-mail' });
    expect(() => addChoice(d, [], 'channel', 'email')).toThrow(/already/);
    expect(() => addChoice(d, [], 'keyContactUser', 'x')).toThrow(EditError);
    expect(lintStageFile(d.file)).toEqual([]);
  });

  it('edits inside an inline object, and removeField takes the field out everywhere', () => {
    const file = JSON.parse(JSON.stringify(stageFiles['design-brief'])) as File;
    const [top] = Object.keys(file.schema.properties);
    expect(containers(file)).toContainEqual([top]);
    let d = addField({ file, labels: {} }, [top], { name: 'extraNotes', type: 'text', required: true, labels: { 'en-GB': 'Extra notes' } });
    expect(d.labels['en-GB']).toEqual({ [`fields.design-brief.${top}.extraNotes`]: 'Extra notes' });
    d = moveField(d, [top], 'extraNotes', -1);
    expect(lintStageFile(d.file)).toEqual([]);
    d = removeField(d, [top], 'extraNotes');
    expect(d.file).toEqual({ ...file, uiSchema: expect.anything() as unknown });
    expect(listFields(d.file, [top]).map((f) => f.name)).toEqual(listFields(file, [top]).map((f) => f.name));
  });
});
