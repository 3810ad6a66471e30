// @vitest-environment jsdom
// Locked rows (issue 54): a row staff locked (`disabled: true`) shows read only to a dealer, with a
// lock cue that has an accessible name and no remove or move control; staff get a lock toggle.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { StageForm, type ConfigDoc } from '../../../engine/react';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const rows = [
  { id: 'f1', name: 'Volvo' },
  { id: 'f2', name: 'Audi', disabled: true },
  { id: 'f3', name: 'Kia' },
];

function renderTable(canLockRows = false, lng = 'en-GB') {
  const onChange = vi.fn();
  renderInLocale(<StageForm slug="franchises" doc={{ franchises: { franchises: rows } }} onChange={onChange} canLockRows={canLockRows} hideActions />, lng);
  const table = screen.getByRole('table');
  const row = (id: string) => table.querySelector(`[data-row-key="id:${id}"]`) as HTMLElement;
  return { onChange, table, row };
}

describe('table: a locked row, as a dealer sees it', () => {
  it('is read only, with a named lock cue, and has no remove or move control', () => {
    const { row, table } = renderTable();
    const locked = row('f2');
    expect(locked.getAttribute('data-locked')).toBe('true');
    const input = within(locked).getByRole('textbox', { name: 'Franchise, row 2' }) as HTMLInputElement;
    expect(input.value).toBe('Audi');
    expect(input.disabled).toBe(true);
    expect(within(locked).getByRole('img', { name: 'Locked by our team: this row cannot be changed, removed or moved.' })).toBeTruthy();
    expect(within(locked).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(locked).queryByRole('button', { name: 'Drag to reorder' })).toBeNull();
    expect(within(locked).queryByRole('button', { name: /Move row 2/ })).toBeNull();
    // The other rows stay editable, removable and movable; the flag is never a column of its own.
    const open = row('f1');
    expect((within(open).getByRole('textbox', { name: 'Franchise, row 1' }) as HTMLInputElement).disabled).toBe(false);
    expect(within(open).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(open).queryByRole('img')).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByText('Locked')).toBeNull();
  });

  it('cannot have another row moved past it', () => {
    const { onChange } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Move row 1 to position' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(dialog).getByText('A locked row stays where it is: rows cannot be moved past it.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names the lock in the form\'s language', () => {
    const { row } = renderTable(false, 'fr-FR');
    expect(within(row('f2')).getByRole('img', { name: 'Verrouillée par notre équipe : cette ligne ne peut être ni modifiée, ni supprimée, ni déplacée.' })).toBeTruthy();
  });
});

describe('table: locked rows, for staff', () => {
  it('stay editable, and a toggle locks and unlocks each row', () => {
    const { onChange, row } = renderTable(true);
    const locked = row('f2');
    expect((within(locked).getByRole('textbox', { name: 'Franchise, row 2' }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(within(locked).getByRole('button', { name: 'Unlock row 2' }));
    let data = ((onChange.mock.lastCall![0] as ConfigDoc).franchises as { franchises: typeof rows }).franchises;
    expect(data[1]).toEqual({ id: 'f2', name: 'Audi' });
    fireEvent.click(within(row('f3')).getByRole('button', { name: 'Lock row 3' }));
    data = ((onChange.mock.lastCall![0] as ConfigDoc).franchises as { franchises: typeof rows }).franchises;
    expect(data[2]).toEqual({ id: 'f3', name: 'Kia', disabled: true });
  });
});

describe('accordion: a locked row (the locations stage)', () => {
  const site = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, address: { line1: '1 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: [], ...extra });
  const doc = { franchises: { franchises: [] }, locations: { locations: [site('l1', 'Leeds', { disabled: true }), site('l2', 'York')] } };

  it('is read only to a dealer, with the lock cue and no Remove', () => {
    renderInLocale(<StageForm slug="locations" doc={doc} hideActions />);
    // The first panel opens by itself.
    expect(screen.getByRole('img', { name: 'Locked by our team: this row cannot be changed, removed or moved.' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    const name = screen.getAllByRole('textbox').find((i) => (i as HTMLInputElement).value === 'Leeds') as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Locked' })).toBeNull();
  });

  it('has a lock toggle for staff', () => {
    const onChange = vi.fn();
    renderInLocale(<StageForm slug="locations" doc={doc} onChange={onChange} canLockRows hideActions />);
    fireEvent.click(screen.getByRole('button', { name: 'Lock row 2' }));
    const data = ((onChange.mock.lastCall![0] as ConfigDoc).locations as { locations: Array<{ disabled?: boolean }> }).locations;
    expect(data.map((l) => l.disabled)).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Unlock row 1' })).toBeTruthy();
  });
});
