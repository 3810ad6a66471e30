// @vitest-environment jsdom
// What a dealer reads inside a tab or an accordion panel: the panel's own title once, then the fields.
// Not the item's index as a heading ("1"), and not the notes a schema keeps for the people who edit
// stage files (a JSON Schema `description`); help meant for dealers is `ui:description`.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    sites: {
      type: 'array',
      title: 'Sites',
      items: {
        type: 'object',
        description: 'A dealer site. Franchises are ids from the franchises stage.',
        properties: {
          id: { type: 'string' },
          name: { type: 'string', title: 'Site name', description: 'Internal: stored trimmed.' },
          address: { type: 'object', title: 'Address', properties: { town: { type: 'string', title: 'Town' } } },
        },
      },
    },
  },
};

function renderSites(field: 'accordion' | 'tabs', ui: UiSchema = {}) {
  const uiSchema: UiSchema = { sites: { 'ui:field': field, 'ui:options': { labelKey: 'name' }, items: { name: ui } } };
  const doc = { story: { sites: [{ id: 'a', name: 'Leeds', address: { town: 'Leeds North' } }, { id: 'b', name: 'York', address: { town: 'York South' } }] } };
  return renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={doc} />);
}

describe('inside a panel or tab', () => {
  for (const field of ['accordion', 'tabs'] as const) {
    it(`${field}: no index heading and no schema notes, the fields and sub-headings stay`, async () => {
      renderSites(field);
      await screen.findByDisplayValue('Leeds');
      expect(screen.queryByRole('heading', { name: /^\d+$/ })).toBeNull();
      expect(screen.queryByText(/Franchises are ids/)).toBeNull();
      expect(screen.queryByText(/stored trimmed/)).toBeNull();
      expect(screen.getByLabelText(/Site name/)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Address' })).toBeTruthy();
    });
  }

  it('still shows help written for dealers (ui:description)', async () => {
    renderSites('accordion', { 'ui:description': 'The name your customers know the site by.' });
    await screen.findByDisplayValue('Leeds');
    expect(screen.getByText('The name your customers know the site by.')).toBeTruthy();
  });
});
