import { createSchemaUtils, type Registry, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { getStage } from '../../../engine';
import { formValidator } from '../../../engine/react';
import { newItem } from '../../../engine/react/fields/useListEdits';

const ID = /^[A-Za-z0-9]{5}$/;

/** What a list field of the stage's form works with: the registry's schema utils and the list's item schema. */
function listOf(slug: string, ...path: string[]): { registry: Registry; items: RJSFSchema } {
  const schema = getStage(slug).schema as RJSFSchema;
  const registry = { schemaUtils: createSchemaUtils(formValidator(slug, schema), schema) } as Registry;
  let node = schema;
  for (const name of path) node = registry.schemaUtils.retrieveSchema((node.properties as Record<string, RJSFSchema>)[name]);
  return { registry, items: node.items as RJSFSchema };
}

describe('newItem (the item a list field adds)', () => {
  it('gives a new franchise a 5-character id, so locations and users can pick it', () => {
    const { registry, items } = listOf('franchises', 'franchises');
    const item = newItem(registry, items, []) as { id: string };
    expect(item.id).toMatch(ID);
  });

  it('never reuses an id the list already holds', () => {
    const { registry, items } = listOf('franchises', 'franchises');
    const list: { id: string }[] = [];
    for (let i = 0; i < 200; i++) list.push(newItem(registry, items, list) as { id: string });
    expect(new Set(list.map((f) => f.id)).size).toBe(200);
  });

  it('starts from the item schema\'s defaults (a new opening-hours entry has its days)', () => {
    const { registry, items } = listOf('opening-hours', 'hours');
    const item = newItem(registry, items, []) as { id: string; days?: Record<string, unknown> };
    expect(item.id).toMatch(ID);
    expect(Object.keys(item.days ?? {})).toEqual(expect.arrayContaining(['monday', 'sunday']));
  });

  it('adds no id to items whose schema has none (extras)', () => {
    const { registry, items } = listOf('extras', 'extras');
    expect(newItem(registry, items, [])).not.toHaveProperty('id');
  });

  it('works for lists inside objects (the content stage\'s assets)', () => {
    const { registry, items } = listOf('content', 'content', 'assets');
    expect((newItem(registry, items, []) as { id: string }).id).toMatch(ID);
  });
});
