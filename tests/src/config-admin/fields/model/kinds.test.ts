// Changing a field's kind in place (issue 56): staff who added "Franchise" as one choice and need
// several keep its name, place, texts, required and conditions. Every change offered leaves a file
// the engine's linter accepts; choice -> several choices -> choice gives back every shipped file
// byte for byte; what is not offered throws an EditError with a code.
import { describe, expect, it } from 'vitest';
import { lintStageFile, stageFiles } from '../../../../../engine';
import { cascadesOfField, hasCascade } from '../../../../../src/config-admin/rules/cascadeModel';
import { addNode, conditionOf, setCondition } from '../../../../../src/config-admin/fields/model/edits';
import { changeKind, dataEffect, kindChanges, type KindTarget } from '../../../../../src/config-admin/fields/model/kinds';
import { sameJson } from '../../../../../src/config-admin/fields/model/json';
import { allNodes, fieldTree, nodeAt, schemaAt, uiAt } from '../../../../../src/config-admin/fields/model/tree';
import { EditError, ITEMS, type FieldNode, type FieldPath, type StageDraftValue } from '../../../../../src/config-admin/fields/model/types';
import { at, bytes, draftOf, frozen } from './helpers';

const slugs = Object.keys(stageFiles).sort();
const nodesOf = (kind: string) => slugs.flatMap((slug) => allNodes(fieldTree(stageFiles[slug])).filter((n) => n.kind === kind).map((n) => [slug, n] as const));
const where = (slug: string, node: FieldNode) => `${slug}:${node.path.join('/')}`;

/** The sibling names of a node in form order (its place). */
const placeOf = (d: StageDraftValue, path: FieldPath): string[] => {
  const parent = path.slice(0, -1).filter((s) => s !== ITEMS);
  let nodes = fieldTree(d.file);
  for (const name of parent) nodes = nodes.find((n) => n.name === name)?.children ?? [];
  return nodes.map((n) => n.name);
};

/** What staff see of a node that a kind change must keep. */
const kept = (d: StageDraftValue, path: FieldPath) => {
  const node = nodeAt(fieldTree(d.file), path)!;
  return {
    title: node.title,
    required: node.required,
    visible: conditionOf(d.file, path, 'visible'),
    requiredIf: conditionOf(d.file, path, 'required'),
    help: uiAt(d.file, path)?.['ui:help'],
    place: placeOf(d, path),
  };
};

/** Asserts a change: the new kind, lint-clean, the same texts / required / conditions / place, the input untouched. */
function change(d: StageDraftValue, path: FieldPath, to: KindTarget, kind: string, options?: { choices?: string[] }): StageDraftValue {
  const before = bytes(d);
  const next = changeKind(frozen(d), path, to, options);
  expect(bytes(d)).toBe(before);
  expect(nodeAt(fieldTree(next.file), path)?.kind, `${path.join('/')} -> ${to}`).toBe(kind);
  expect(lintStageFile(next.file), `${path.join('/')} -> ${to}`).toEqual([]);
  expect(kept(next, path)).toEqual(kept(d, path));
  return next;
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    if (error instanceof EditError) return error.code;
    throw error;
  }
  return undefined;
};

describe('choice <-> several choices', () => {
  const choices = nodesOf('choice');
  it('finds the shipped choice fields', () => expect(choices.length).toBeGreaterThan(20));

  it.each(choices.map(([slug, node]) => [where(slug, node), slug, node] as const))('%s: to several and back gives the same file', (_w, slug, node) => {
    const d = draftOf(slug);
    expect(kindChanges(d.file, node)).toEqual(['multiChoice']);
    const several = change(d, node.path, 'multiChoice', 'multiChoice');
    const schema = schemaAt(several.file, node.path)!;
    const original = schemaAt(d.file, node.path)!;
    // Its values and their words are kept: the items hold them, the list names the words too.
    expect(at(schema, 'items', 'enum')).toEqual(original.enum);
    expect(at(schema, 'items', 'enumLabels')).toBe(original.enumLabels);
    expect(schema.enumLabels).toBe(original.enumLabels);
    expect(schema.uniqueItems).toBe(true);
    expect(schema.default).toEqual(original.default === undefined ? [] : [original.default]);
    expect(uiAt(several.file, node.path)?.['ui:widget']).toBe('checkboxes');
    const back = change(several, node.path, 'choice', 'choice');
    expect(sameJson(back.file, d.file), bytes(back)).toBe(true);
    expect(back.labels).toEqual(d.labels);
  });

  it.each(nodesOf('multiChoice').map(([slug, node]) => [where(slug, node), slug, node] as const))('%s: several choices become one, lint-clean', (_w, slug, node) => {
    const d = draftOf(slug);
    const one = change(d, node.path, 'choice', 'choice');
    const list = schemaAt(d.file, node.path)!;
    const schema = schemaAt(one.file, node.path)!;
    expect(schema.enum).toEqual(at(list, 'items', 'enum'));
    expect(schema.type).toBe(at(list, 'items', 'type'));
    // A default of several values cannot be one: it goes; one of one stays.
    const before = list.default as unknown[];
    expect(schema.default).toEqual(before.length === 1 ? before[0] : undefined);
    expect(uiAt(one.file, node.path)?.['ui:widget']).toBeUndefined();
  });

  it('"Franchise" added as one choice keeps its words, required, condition and place; its default and the stage defaults follow', () => {
    let d = draftOf('training');
    const path = ['training', 'franchise'];
    d = addNode(d, ['training'], { name: 'online', kind: 'yesno', labels: { 'en-GB': 'Online' } });
    d = addNode(d, ['training'], { name: 'franchise', kind: 'choice', choices: ['ford', 'kia'], required: true, labels: { 'en-GB': 'Franchise', 'fr-FR': 'Marque' } });
    d = addNode(d, ['training'], { name: 'remarks', kind: 'text' });
    d = setCondition(d, path, 'visible', { var: 'online' });
    const file = JSON.parse(JSON.stringify(d.file)) as { schema: { properties: { training: { properties: { franchise: Record<string, unknown> } } } }; defaults: { training: Record<string, unknown> } };
    file.schema.properties.training.properties.franchise.default = 'kia';
    file.defaults.training.franchise = 'ford';
    d = { file, labels: { ...d.labels, 'fr-FR': { ...d.labels['fr-FR'], 'choices.training.training.franchise.ford': 'Ford' } } };
    const several = change(d, path, 'multiChoice', 'multiChoice');
    expect(schemaAt(several.file, path)?.default).toEqual(['kia']);
    expect(at(several.file, 'defaults', 'training', 'franchise')).toEqual(['ford']);
    expect(several.labels).toEqual(d.labels);
    expect(placeOf(several, path).slice(-3)).toEqual(['online', 'franchise', 'remarks']);
    expect(sameJson(change(several, path, 'choice', 'choice').file, d.file)).toBe(true);
  });
});

describe('texts', () => {
  const d = draftOf('design');
  const path = ['branding', 'name'];

  it('a line, several lines and Markdown: only the widget changes', () => {
    expect(kindChanges(d.file, nodeAt(fieldTree(d.file), path)!)).toEqual(['textarea', 'markdown', 'textList', 'choice']);
    const lines = change(d, path, 'textarea', 'textarea');
    const md = change(lines, path, 'markdown', 'markdown');
    expect(schemaAt(md.file, path)).toEqual(schemaAt(d.file, path));
    expect(sameJson(change(md, path, 'text', 'text').file, d.file)).toBe(true);
    expect(dataEffect('textarea', 'text')).toBe('lineBreaks');
    expect(dataEffect('text', 'markdown')).toBe('kept');
  });

  it('a line <-> a list of lines keeps its length check on each line', () => {
    const list = change(d, path, 'textList', 'textList');
    expect(at(schemaAt(list.file, path), 'items', 'maxLength')).toBe(schemaAt(d.file, path)?.maxLength);
    expect(at(list.file, 'defaults', 'branding', 'name')).toEqual([]);
    const back = change(list, path, 'text', 'text');
    expect(schemaAt(back.file, path)).toEqual(schemaAt(d.file, path));
    expect(dataEffect('text', 'textList')).toBe('oneToList');
  });

  it('shipped lists of lines become one line, their list options gone', () => {
    const design = draftOf('design-brief');
    const one = change(design, ['designBrief', 'keywords'], 'text', 'text');
    expect(schemaAt(one.file, ['designBrief', 'keywords'])).toEqual({ type: 'string', title: 'configurator:fields.keywords', maxLength: 60 });
    expect(uiAt(one.file, ['designBrief', 'keywords'])).toBeNull();
  });

  it('a text becomes a choice of the values given (none: refused with a code)', () => {
    expect(codeOf(() => changeKind(d, path, 'choice'))).toBe('choicesNeeded');
    expect(codeOf(() => changeKind(d, path, 'choice', { choices: [' ', ''] }))).toBe('choicesNeeded');
    const choice = change(d, path, 'choice', 'choice', { choices: ['Acme', 'Zenith', 'Acme'] });
    expect(schemaAt(choice.file, path)).toEqual({ type: 'string', title: schemaAt(d.file, path)?.title, enum: ['Acme', 'Zenith'], enumLabels: 'configurator:choices.design.branding.name', noTestValue: true });
    // The stage's default text ('') is no value of the choice: it goes.
    expect(at(choice.file, 'defaults', 'branding')).not.toHaveProperty('name');
    expect(dataEffect('text', 'choice')).toBe('mustBeAChoice');
  });
});

describe('numbers', () => {
  it('a slider becomes a number and back, bounds kept', () => {
    const d = draftOf('design');
    const path = ['brief', 'creativeFreedom'];
    const number = change(d, path, 'number', 'number');
    expect(schemaAt(number.file, path)).toEqual(schemaAt(d.file, path));
    expect(sameJson(change(number, path, 'slider', 'slider').file, d.file)).toBe(true);
    expect(dataEffect('number', 'slider')).toBe('sliderRange');
  });
});

describe('picks from another stage: one <-> several', () => {
  it('one franchise copied becomes several, its cascade rewritten in place (same rule id), and back', () => {
    const d = draftOf('design');
    const path = ['copyFranchise'];
    const node = nodeAt(fieldTree(d.file), path)!;
    expect(kindChanges(d.file, node)).toEqual(['optionsFromSeveral']);
    const several = change(d, path, 'optionsFromSeveral', 'optionsFrom');
    expect(schemaAt(several.file, path)).toEqual({ $ref: '../shapes/id-list.json', title: 'configurator:fields.copyFranchise' });
    expect(at(several.file, 'defaults', 'copyFranchise')).toEqual([]);
    const rules = (f: unknown) => at(f, 'rules') as { id: string }[];
    expect(rules(several.file).map((r) => r.id)).toEqual(rules(d.file).map((r) => r.id));
    expect(hasCascade(several.file, cascadesOfField(several.file, path)!.strip)).toBe(true);
    expect(kindChanges(several.file, nodeAt(fieldTree(several.file), path)!)).toEqual(['optionsFromOne']);
    const one = change(several, path, 'optionsFromOne', 'optionsFrom');
    expect(rules(one.file)).toEqual(rules(d.file));
    expect(dataEffect('optionsFromSeveral', 'optionsFromOne')).toBe('listToOne');
  });

  it('several locations become one: "pick the only one" goes with the list', () => {
    const d = draftOf('training');
    const path = ['training', 'locations'];
    const before = cascadesOfField(d.file, path)!;
    const one = change(d, path, 'optionsFromOne', 'optionsFrom');
    expect(schemaAt(one.file, path)).toEqual({ type: 'string', title: 'configurator:fields.trainingLocations', maxLength: 40 });
    expect(hasCascade(d.file, before.strip) && hasCascade(d.file, before.sole!)).toBe(true);
    expect(hasCascade(one.file, before.sole!)).toBe(false);
    const strip = (at(one.file, 'rules') as { id: string; logic: unknown }[]).find((r) => r.id === 'training.strip-removed-locations');
    expect(strip?.logic).toEqual({ if: [{ or: [{ '!': { var: 'value' } }, { in: [{ var: 'value' }, { pluck: [{ var: 'doc.locations.locations' }, 'id'] }] }] }, { var: 'value' }, ''] });
    expect(hasCascade(one.file, cascadesOfField(one.file, path)!.strip)).toBe(true);
    expect(at(one.file, 'defaults', 'training')).not.toHaveProperty('locations');
  });
});

describe('what is not offered', () => {
  it('yes / no, groups, lists, dates and the rest offer no change', () => {
    const d = draftOf('buying-online');
    for (const node of allNodes(fieldTree(d.file))) {
      if (['yesno', 'group', 'list', 'date', 'secret', 'shape', 'hidden', 'media', 'remoteSelect'].includes(node.kind)) expect(kindChanges(d.file, node), node.path.join('/')).toEqual([]);
    }
  });

  it('refuses with a code: a change not offered, a field that is not there, the inside of a shared shape', () => {
    const d = draftOf('buying-online');
    const yesno = allNodes(fieldTree(d.file)).find((n) => n.kind === 'yesno')!;
    expect(codeOf(() => changeKind(d, yesno.path, 'choice', { choices: ['a'] }))).toBe('kindNotOffered');
    expect(codeOf(() => changeKind(d, ['payment', 'provider'], 'textList'))).toBe('kindNotOffered');
    expect(codeOf(() => changeKind(d, ['nothing'], 'text'))).toBe('noField');
    expect(codeOf(() => changeKind(draftOf('key-contact'), ['keyContact', 'name'], 'textarea'))).toBe('insideShape');
    const error = (() => {
      try {
        changeKind(d, yesno.path, 'text');
      } catch (e) {
        return e as EditError;
      }
    })()!;
    expect(error.params).toEqual({ path: yesno.path.join(' / '), from: 'yesno', to: 'text' });
    expect(error.message).toBe(`"${yesno.path.join(' / ')}" cannot change from "yesno" to "text": remove it and add a new field, or change it in the JSON tab.`);
  });

  it('changing to its own kind changes nothing', () => {
    const d = draftOf('design');
    expect(changeKind(d, ['branding', 'type'], 'choice')).toBe(d);
  });
});
