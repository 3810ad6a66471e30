// @vitest-environment jsdom
// A reorderable table says where a moved row went, in a polite live region (screen readers do not
// otherwise hear a move), in the form's language. Drags with the mouse and the keyboard go through
// the same move and are checked in real Chromium (tests/e2e/storybook-drag.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    franchises: { type: 'array', title: 'Franchises', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'Name' } } } },
  },
};
const uiSchema: UiSchema = { franchises: { 'ui:field': 'table', 'ui:options': { columns: ['name'], reorderable: true } } };
const rows = [
  { id: 'f1', name: 'Volvo' },
  { id: 'f2', name: 'Audi' },
  { id: 'f3', name: 'Kia' },
];

function renderTable(lng = 'en-GB') {
  renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: { franchises: rows } }} />, lng);
  const table = screen.getByRole('table', { name: 'Franchises' });
  // The table's polite region (dnd-kit keeps an assertive one of its own for the drag in progress).
  const polite = screen.getAllByRole('status').filter((r) => r.getAttribute('aria-live') === 'polite');
  expect(polite).toHaveLength(1);
  const region = polite[0];
  const names = () => within(table).getAllByRole('textbox', { hidden: true }).map((i) => (i as HTMLInputElement).value);
  return { table, region, names };
}

/** Row `row`'s "Move to…" popover: types `value`, presses Enter. */
function moveTo(row: number, value: string, label = `Move row ${row} to position`) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  const input = within(screen.getByRole('dialog', { name: label })).getByRole('spinbutton');
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('table: a move is announced', () => {
  it('says nothing before a move, then where the row went, politely', () => {
    const { region, names } = renderTable();
    expect(region.textContent).toBe('');
    moveTo(3, '1');
    expect(names()).toEqual(['Kia', 'Volvo', 'Audi']);
    expect(region.textContent).toBe('Row moved to position 1 of 3');
    moveTo(1, '2');
    expect(region.textContent).toBe('Row moved to position 2 of 3');
  });

  it('says the same words again as a new announcement (a new node is read out)', () => {
    const { region } = renderTable();
    moveTo(3, '1');
    const first = region.firstElementChild;
    moveTo(3, '1');
    expect(region.textContent).toBe('Row moved to position 1 of 3');
    expect(region.firstElementChild).not.toBe(first);
  });

  it('announces nothing for a refused position or a row left where it was', () => {
    const { region, names } = renderTable();
    moveTo(2, '4');
    expect(screen.getByText('Value cannot be more than 3')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    moveTo(2, '2');
    expect(names()).toEqual(['Volvo', 'Audi', 'Kia']);
    expect(region.textContent).toBe('');
  });

  it.each([
    ['fr-FR', 'Déplacer la ligne 3 à la position', 'Ligne déplacée à la position 1 sur 3'],
    ['fr-BE', 'Déplacer la ligne 3 à la position', 'Ligne déplacée à la position 1 sur 3'],
    ['nl-NL', 'Rij 3 naar positie verplaatsen', 'Rij verplaatst naar positie 1 van 3'],
    ['nl-BE', 'Rij 3 naar positie verplaatsen', 'Rij verplaatst naar positie 1 van 3'],
    ['en-ZA', 'Move row 3 to position', 'Row moved to position 1 of 3'],
  ])('speaks %s', (lng, label, said) => {
    const { region } = renderTable(lng);
    moveTo(3, '1', label);
    expect(region.textContent).toBe(said);
  });

  it("gives the drag handle dnd-kit's instructions and role in the form's language", () => {
    renderTable('fr-FR');
    const handle = screen.getAllByRole('button', { name: 'Glisser pour réordonner' })[0];
    expect(handle.getAttribute('aria-roledescription')).toBe('déplaçable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toMatch(/^Pour saisir une ligne, appuyez sur Espace\./);
  });
});
