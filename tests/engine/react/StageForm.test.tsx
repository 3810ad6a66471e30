// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, type ConfigDoc } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { dealerGroup } from '../../../stories/support/dealerGroup';
import { renderInLocale } from './renderInLocale';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const listSchema: RJSFSchema = {
  type: 'object',
  properties: {
    franchises: { type: 'array', title: 'Franchises', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'Name' } } } },
    location: { type: 'object', title: 'Location', properties: { franchise: { type: 'string', title: 'Franchise' } } },
  },
};
const listUi: UiSchema = {
  franchises: { 'ui:field': 'table', 'ui:options': { columns: ['name'], sortable: true } },
  location: { franchise: { 'ui:widget': 'optionsFrom', 'ui:options': { optionsFrom: '/franchises', labelKey: 'name', valueKey: 'id' } } },
};
const listData = { franchises: [{ id: 'f1', name: 'Volvo' }, { id: 'f2', name: 'Audi' }, { id: 'f3', name: 'Kia' }], location: {} };

function openSelect(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((t) => t && t !== 'None');
}

describe('StageForm', () => {
  it('updates a select whose options come from another list as soon as that list changes', () => {
    renderInLocale(<StageForm slug="story" stage={{ schema: listSchema, uiSchema: listUi }} engine={engineForSchema(listSchema)} doc={{ story: listData }} />);
    expect(openSelect('Franchise')).toEqual(['Volvo', 'Audi', 'Kia']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    const table = screen.getByRole('table', { name: 'Franchises' });
    fireEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Remove' }));
    expect(openSelect('Franchise')).toEqual(['Audi', 'Kia']);
  });

  it('sorts a table view by a column without reordering the data', () => {
    let stored: ConfigDoc | undefined;
    renderInLocale(<StageForm slug="story" stage={{ schema: listSchema, uiSchema: listUi }} engine={engineForSchema(listSchema)} doc={{ story: listData }} onChange={(d) => (stored = d)} />);
    const table = screen.getByRole('table', { name: 'Franchises' });
    const names = () => within(table).getAllByRole('textbox').map((i) => (i as HTMLInputElement).value);
    expect(names()).toEqual(['Volvo', 'Audi', 'Kia']);
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Audi', 'Kia', 'Volvo']);
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Volvo', 'Kia', 'Audi']);
    expect(stored).toBeUndefined();
  });

  it('strips a removed franchise from every location of the configuration at once', () => {
    const doc = dealerGroup({ franchises: 2, locations: 3 });
    const onChange = vi.fn();
    renderInLocale(<StageForm slug="franchises" doc={doc} onChange={onChange} />);
    const removed = (doc.franchises.franchises as { id: string }[])[0].id;
    const table = screen.getAllByRole('table')[0];
    fireEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Remove' }));
    const next = onChange.mock.lastCall![0] as ConfigDoc;
    const locations = (next.locations as { locations: { franchises: string[] }[] }).locations;
    expect(locations.length).toBe(3);
    expect(locations.every((l) => !l.franchises.includes(removed))).toBe(true);
  });

  it('generates a password and shows its strength', () => {
    const schema: RJSFSchema = { type: 'object', properties: { password: { type: 'string', title: 'Password' } } };
    renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema: { password: { 'ui:widget': 'password' } } }} engine={engineForSchema(schema)} doc={{ story: {} }} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('very weak');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const value = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(value.length).toBeGreaterThanOrEqual(20);
    expect(value).not.toMatch(/[:;.^,]/);
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('very strong');
  });

  it('edits the opening-hours grid cell by cell and flags a bad time once typing pauses', async () => {
    vi.useFakeTimers();
    const doc = dealerGroup({ locations: 2, departmentsPer: 2 });
    const onChange = vi.fn();
    renderInLocale(<StageForm slug="opening-hours" doc={doc} onChange={onChange} />);
    const cell = document.getElementById('opening-hours_hours_0_days_monday_open') as HTMLInputElement;
    expect(cell.value).toBe('09:00');
    fireEvent.change(cell, { target: { value: '7' } });
    expect(cell.value).toBe('7');
    const next = onChange.mock.lastCall![0] as ConfigDoc;
    const hours = (next['opening-hours'] as { hours: { days: Record<string, { open?: string }> }[] }).hours;
    expect(hours[0].days.monday.open).toBe('7');
    expect(cell.getAttribute('aria-invalid')).toBe('false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(cell.getAttribute('aria-invalid')).toBe('true');
  });
});
