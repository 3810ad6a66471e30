// @vitest-environment jsdom
// "Move to position" on a reorderable table (spec section 5, Sorting): a typed 1-based position moves
// the row through the controller like a drag; 0 and N+1 show the spec's words and move nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, type ConfigDoc } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { dealerGroup } from '../../../stories/support/dealerGroup';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    franchises: { type: 'array', title: 'Franchises', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'Name' } } } },
  },
};
const uiSchema: UiSchema = { franchises: { 'ui:field': 'table', 'ui:options': { columns: ['name'], reorderable: true, sortable: true } } };
const rows = [
  { id: 'f1', name: 'Volvo' },
  { id: 'f2', name: 'Audi' },
  { id: 'f3', name: 'Kia' },
];

function renderTable(lng = 'en-GB') {
  const onChange = vi.fn();
  renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: { franchises: rows } }} onChange={onChange} />, lng);
  const table = screen.getByRole('table', { name: 'Franchises' });
  // hidden: the open popover (a modal) hides the rest of the page from the accessibility tree.
  const names = () => within(table).getAllByRole('textbox', { hidden: true }).map((i) => (i as HTMLInputElement).value);
  return { onChange, table, names };
}

/** Opens row `row`'s "Move to…" popover (keyboard: the button is a real button), types, presses Enter. */
function moveTo(row: number, value: string, label = `Move row ${row} to position`) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  const dialog = screen.getByRole('dialog', { name: label });
  const input = within(dialog).getByRole('spinbutton');
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return dialog;
}

describe('table: move to position', () => {
  it('moves row 3 to position 1 in the data, keeping the row (and its inputs) on screen', () => {
    const { onChange, table, names } = renderTable();
    const kia = table.querySelector('[data-row-key="id:f3"]');
    moveTo(3, '1');
    expect(names()).toEqual(['Kia', 'Volvo', 'Audi']);
    expect(screen.queryByRole('dialog')).toBeNull();
    const moved = ((onChange.mock.lastCall![0] as ConfigDoc).story as { franchises: typeof rows }).franchises;
    expect(moved).toEqual([rows[2], rows[0], rows[1]]);
    // Rows are keyed by id as in a drag: React moves the row's DOM node, it does not rebuild it.
    expect(within(table).getAllByRole('row', { hidden: true })[1]).toBe(kia);
    // And back again.
    moveTo(1, '3');
    expect(names()).toEqual(['Volvo', 'Audi', 'Kia']);
  });

  it('moves with the Move button too', () => {
    const { names } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Move row 1 to position' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(names()).toEqual(['Audi', 'Volvo', 'Kia']);
  });

  it.each([
    ['0', 'Value must be more than 0'],
    ['-2', 'Value must be more than 0'],
    ['', 'Value must be more than 0'],
    ['4', 'Value cannot be more than 3'],
  ])('refuses %j with "%s" and moves nothing', (value, message) => {
    const { onChange, names } = renderTable();
    const dialog = moveTo(3, value);
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');
    expect(names()).toEqual(['Volvo', 'Audi', 'Kia']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the message in French and Dutch', () => {
    renderTable('fr-FR');
    expect(within(moveTo(1, '4', 'Déplacer la ligne 1 à la position')).getByText('La valeur ne peut pas être supérieure à 3')).toBeTruthy();
    cleanup();
    renderTable('nl-NL');
    expect(within(moveTo(1, '0', 'Rij 1 naar positie verplaatsen')).getByText('De waarde moet groter zijn dan 0')).toBeTruthy();
  });

  it('offers no move while a column sort is shown (positions are those of the data)', () => {
    const { table } = renderTable();
    expect(screen.getAllByRole('button', { name: /^Move row/ })).toHaveLength(3);
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(screen.queryAllByRole('button', { name: /^Move row/ })).toHaveLength(0);
  });

  it('moves a catalogue stage row through the engine, other stages keeping their identity', () => {
    const doc = dealerGroup({ franchises: 3, locations: 2 });
    const onChange = vi.fn();
    renderInLocale(<StageForm slug="franchises" doc={doc} onChange={onChange} />);
    const before = (doc.franchises.franchises as { id: string }[]).map((f) => f.id);
    moveTo(3, '1');
    const next = onChange.mock.lastCall![0] as ConfigDoc;
    expect((next.franchises as { franchises: { id: string }[] }).franchises.map((f) => f.id)).toEqual([before[2], before[0], before[1]]);
    // Untouched stages keep their identity (one immer edit through the engine).
    expect(next.locations).toBe(doc.locations);
  });
});
