/**
 * The fields' titles travel in the uiSchema (`ui:title`), not the schema (issue 56's keystroke
 * budget): new texts (a label typed in the stage editor, another language) leave rjsf's root schema
 * as it was, so only the fields whose words changed draw themselves again. What a `$ref` reaches
 * (a shared shape's fields) and the options of a choice between schemas keep translated titles.
 */
import { describe, expect, it } from 'vitest';
import { createRendererI18n, titlesIntoUiSchema, translateSchema, translateUiSchema } from '../../../engine/react';

const schema = {
  type: 'object',
  title: 'configurator:stages.finance.title',
  properties: {
    provider: { type: 'string', title: 'configurator:fields.finance.provider', description: 'for developers' },
    lenders: {
      type: 'array',
      title: 'configurator:fields.finance.lenders',
      items: { type: 'object', properties: { name: { type: 'string', title: 'configurator:fields.finance.lenders.name' } } },
    },
    site: { $ref: '#/definitions/location', title: 'configurator:fields.finance.site' },
    plan: { anyOf: [{ title: 'configurator:fields.finance.planA', const: 'a' }] },
  },
  definitions: { location: { type: 'object', properties: { town: { type: 'string', title: 'configurator:fields.finance.town' } } } },
};

function i18nWith(words: Record<string, string>) {
  const i18n = createRendererI18n('en-GB');
  for (const [key, text] of Object.entries(words)) i18n.addResource('en-GB', 'configurator', key, text);
  return i18n;
}

describe("the fields' titles in the uiSchema", () => {
  const words = { 'stages.finance.title': 'Finance', 'fields.finance.provider': 'Provider', 'fields.finance.lenders': 'Lenders', 'fields.finance.lenders.name': 'Lender', 'fields.finance.site': 'Site', 'fields.finance.town': 'Town', 'fields.finance.planA': 'Plan A' };

  it('leaves the form\'s own fields\' titles as written in the schema and gives their words to the uiSchema', () => {
    const { t } = i18nWith(words);
    const out = translateSchema(schema, t, 'ui') as typeof schema;
    expect(out.title).toBe(schema.title);
    expect(out.properties.provider).toEqual({ type: 'string', title: 'configurator:fields.finance.provider' });
    expect(out.properties.lenders.items.properties.name.title).toBe('configurator:fields.finance.lenders.name');
    // Behind a $ref and in a choice between schemas, the words stay in the schema (rjsf reads them there).
    expect(out.definitions.location.properties.town.title).toBe('Town');
    expect(out.properties.plan.anyOf[0].title).toBe('Plan A');
    const ui = titlesIntoUiSchema(schema, translateUiSchema({ provider: { 'ui:help': 'configurator:fields.finance.provider' } }, t), t) as Record<string, Record<string, unknown>>;
    expect(ui['ui:title']).toBe('Finance');
    expect(ui.provider).toEqual({ 'ui:help': 'Provider', 'ui:title': 'Provider' });
    expect((ui.lenders.items as Record<string, Record<string, unknown>>).name['ui:title']).toBe('Lender');
    expect(ui.site['ui:title']).toBe('Site');
  });

  it('keeps a ui:title the file wrote, and the schema the same for new words', () => {
    const before = i18nWith(words);
    const after = i18nWith({ ...words, 'fields.finance.provider': 'Finance provider' });
    expect(translateSchema(schema, after.t, 'ui')).toEqual(translateSchema(schema, before.t, 'ui'));
    const ui = titlesIntoUiSchema(schema, translateUiSchema({ provider: { 'ui:title': 'configurator:fields.finance.site' } }, after.t), after.t) as Record<string, Record<string, unknown>>;
    expect(ui.provider['ui:title']).toBe('Site');
    expect((titlesIntoUiSchema(schema, {}, after.t) as Record<string, Record<string, unknown>>).provider['ui:title']).toBe('Finance provider');
  });
});
