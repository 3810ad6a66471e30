// @vitest-environment jsdom
// Every control of the renderer has a name a screen reader can say (WCAG 2.1: 1.3.1, 4.1.2): table
// cells ("Name, row 1"), fields of a card (its title), the password strength meter; and an
// accordion's Remove button is beside its expand button, not inside it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { StageForm, type RemoteSearch } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

function renderForm(schema: RJSFSchema, uiSchema: UiSchema, data: Record<string, unknown>, opts: { lng?: string; searchers?: Record<string, RemoteSearch> } = {}) {
  return renderInLocale(
    <StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: data }} searchers={opts.searchers} />,
    opts.lng ?? 'en-GB',
  );
}

/** A cell of every kind of control a table column may hold. */
const row: RJSFSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string', title: 'Name' },
    email: { type: 'string', title: 'Email', format: 'email' },
    country: { type: 'string', title: 'Country', enum: ['GB', 'FR'] },
    active: { type: 'boolean', title: 'Active' },
    leads: { type: 'boolean', title: 'Leads' },
    franchise: { type: 'string', title: 'Franchise' },
    franchises: { type: 'array', title: 'Franchises', items: { type: 'string' }, uniqueItems: true },
    make: { type: 'string', title: 'Make' },
    notes: { type: 'string', title: 'Notes' },
    secret: { type: 'string', title: 'Secret' },
    since: { type: 'string', title: 'Since', format: 'date' },
  },
};
const tableSchema: RJSFSchema = {
  type: 'object',
  properties: {
    brands: { type: 'array', title: 'Brands', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'Brand' } } } },
    people: { type: 'array', title: 'People', items: row },
  },
};
const fromBrands = { 'ui:widget': 'optionsFrom', 'ui:options': { optionsFrom: '/brands', labelKey: 'name', valueKey: 'id' } };
const tableUi: UiSchema = {
  brands: { 'ui:field': 'table', 'ui:options': { columns: ['name'] } },
  people: {
    'ui:field': 'table',
    'ui:options': { sortable: true, columns: ['name', 'email', 'country', 'active', 'leads', 'franchise', 'franchises', 'make', 'notes', 'secret', 'since'] },
    items: {
      leads: { 'ui:widget': 'switch' },
      franchise: fromBrands,
      franchises: fromBrands,
      make: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'makes' } },
      notes: { 'ui:widget': 'markdown' },
      secret: { 'ui:widget': 'password' },
    },
  },
};
const tableData = {
  brands: [{ id: 'b1', name: 'Audi' }],
  people: [
    { id: 'p1', name: 'Charlie', email: 'c@demo.test', country: 'GB', active: true, leads: false, franchise: 'b1', franchises: ['b1'] },
    { id: 'p2', name: 'Alice', email: 'a@demo.test', country: 'FR', active: false, leads: true, franchises: [] },
  ],
};
const makes: RemoteSearch = async () => [];

describe('table cells', () => {
  it('names every cell control by its column and row', () => {
    renderForm(tableSchema, tableUi, tableData, { searchers: { makes } });
    const table = screen.getByRole('table', { name: 'People' });
    for (const r of [1, 2]) {
      expect(within(table).getByRole('textbox', { name: `Name, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('textbox', { name: `Email, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('combobox', { name: `Country, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('checkbox', { name: `Active, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('switch', { name: `Leads, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('combobox', { name: `Franchise, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('combobox', { name: `Franchises, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('combobox', { name: `Make, row ${r}` })).toBeDefined();
      expect(within(table).getByRole('textbox', { name: `Notes, row ${r}` })).toBeDefined();
      expect(within(table).getByLabelText(`Secret, row ${r}`)).toBeDefined();
      expect(within(table).getByRole('group', { name: `Since, row ${r}` })).toBeDefined();
    }
    // The names are on the controls the user types in, with the values of that row.
    expect((within(table).getByRole('textbox', { name: 'Name, row 2' }) as HTMLInputElement).value).toBe('Alice');
    expect(within(table).getByRole('combobox', { name: 'Country, row 2' }).textContent).toContain('FR');
  });

  it('names the open list of a cell select too', () => {
    renderForm(tableSchema, tableUi, tableData, { searchers: { makes } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Country, row 1' }));
    expect(within(screen.getByRole('listbox', { name: 'Country, row 1' })).getAllByRole('option').map((o) => o.textContent)).toContain('FR');
  });

  it('says the row as shown: a sorted view renumbers', () => {
    renderForm(tableSchema, tableUi, tableData, { searchers: { makes } });
    const table = screen.getByRole('table', { name: 'People' });
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect((within(table).getByRole('textbox', { name: 'Name, row 1' }) as HTMLInputElement).value).toBe('Alice');
    expect((within(table).getByRole('textbox', { name: 'Name, row 2' }) as HTMLInputElement).value).toBe('Charlie');
  });

  it('keeps the names when a row is removed or added', () => {
    renderForm(tableSchema, tableUi, tableData, { searchers: { makes } });
    const table = screen.getByRole('table', { name: 'People' });
    fireEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Remove' }));
    expect((within(table).getByRole('textbox', { name: 'Name, row 1' }) as HTMLInputElement).value).toBe('Alice');
    expect(within(table).queryByRole('textbox', { name: 'Name, row 2' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[1]);
    expect((within(table).getByRole('textbox', { name: 'Name, row 2' }) as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['fr-FR', 'Name, ligne 1'],
    ['nl-BE', 'Name, rij 1'],
  ])('says the row in the form language (%s)', (lng, name) => {
    renderForm(tableSchema, tableUi, tableData, { lng, searchers: { makes } });
    expect((screen.getByRole('textbox', { name }) as HTMLInputElement).value).toBe('Charlie');
  });

  it('still re-renders only the edited cell while typing', () => {
    const renders = new Map<string, number>();
    // A column of our own widget, counting its renders per cell.
    function Counted(props: WidgetProps) {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return <input id={props.id} aria-label={props.label} value={(props.value as string | undefined) ?? ''} onChange={(e) => props.onChange(e.target.value)} />;
    }
    const schema: RJSFSchema = { type: 'object', properties: { people: { type: 'array', title: 'People', items: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, code: { type: 'string', title: 'Code' } } } } } };
    const ui: UiSchema = { people: { 'ui:field': 'table', items: { code: { 'ui:widget': Counted } } } };
    renderForm(schema, ui, { people: [{ name: 'A', code: 'a' }, { name: 'B', code: 'b' }] });
    const before = new Map(renders);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name, row 1' }), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Code, row 2' }), { target: { value: 'bb' } });
    expect((screen.getByRole('textbox', { name: 'Name, row 1' }) as HTMLInputElement).value).toBe('Ann');
    // Typing a name re-rendered no code cell; typing row 2's code re-rendered that cell only.
    expect(renders.get('story_people_0_code')).toBe(before.get('story_people_0_code'));
    expect(renders.get('story_people_1_code')).toBe((before.get('story_people_1_code') ?? 0) + 1);
  });
});

describe('card fields (portlets)', () => {
  it('names each field by its card title', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        company: {
          type: 'object',
          title: 'Company',
          properties: { name: { type: 'string', title: 'Company name' }, country: { type: 'string', title: 'Country', enum: ['GB', 'FR'] }, vatRegistered: { type: 'boolean', title: 'VAT registered' } },
        },
      },
    };
    renderForm(schema, { company: { 'ui:field': 'portlets' } }, { company: { name: 'Demo Motors', country: 'GB', vatRegistered: true } });
    expect((screen.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement).value).toBe('Demo Motors');
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('GB');
    expect((screen.getByRole('checkbox', { name: 'VAT registered' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks the card of a required field, as a visible label would be', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        company: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'Company name' }, vat: { type: 'string', title: 'VAT number' } } },
      },
    };
    const { container } = renderForm(schema, { company: { 'ui:field': 'portlets' } }, { company: { name: 'Demo Motors' } });
    const titles = [...container.querySelectorAll('.MuiCardHeader-title')].map((el) => el.textContent);
    expect(titles).toEqual(['Company name *', 'VAT number']);
    expect(screen.getByRole('textbox', { name: 'Company name' }).hasAttribute('required')).toBe(true);
  });
});

describe('an empty table', () => {
  it('says it has nothing yet (or the stage\'s own words), and the message goes when a row is added', () => {
    const schema: RJSFSchema = { type: 'object', properties: { people: { type: 'array', title: 'People', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', title: 'Name' } } } } } };
    renderForm(schema, { people: { 'ui:field': 'table' } }, { people: [] }, { lng: 'fr-FR' });
    expect(screen.getByTestId('table-empty').textContent).toBe("Rien n'a encore été ajouté.");
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.queryByTestId('table-empty')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name, ligne 1' })).toBeTruthy();
    cleanup();
    renderForm(schema, { people: { 'ui:field': 'table', 'ui:options': { emptyText: 'No people yet: add the first one.' } } }, { people: [] });
    expect(screen.getByTestId('table-empty').textContent).toBe('No people yet: add the first one.');
  });
});

describe('a visible label still names the control', () => {
  it('keeps MUI\'s own labelling (no aria-label over it)', () => {
    const schema: RJSFSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, country: { type: 'string', title: 'Country', enum: ['GB', 'FR'] } } };
    renderForm(schema, {}, { name: 'X', country: 'GB' });
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('combobox', { name: /Country/ }).getAttribute('aria-label')).toBeNull();
  });
});

describe('accordion', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { people: { type: 'array', title: 'People', items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } } },
  };
  const ui: UiSchema = { people: { 'ui:field': 'accordion', 'ui:options': { labelKey: 'name' } } };
  const data = { people: [{ name: 'Charlie' }, { name: 'Alice' }] };

  it('puts Remove beside the expand button, after it and before the panel content', () => {
    renderForm(schema, ui, data);
    const expand = screen.getByRole('button', { name: 'Charlie' });
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    // No button inside the expand button, and its name is the item's alone.
    expect(within(expand).queryByRole('button')).toBeNull();
    const [remove] = screen.getAllByRole('button', { name: 'Remove' });
    expect(expand.contains(remove)).toBe(false);
    const content = screen.getByRole('textbox', { name: 'Name' });
    expect(expand.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(remove.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The open content is a region named by its expand button.
    expect(screen.getByRole('region', { name: 'Charlie' }).contains(content)).toBe(true);
  });

  it('removes the item without opening or closing a panel', () => {
    renderForm(schema, ui, data);
    const alice = screen.getByRole('button', { name: 'Alice' });
    expect(alice.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    expect(screen.queryByRole('button', { name: 'Alice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Charlie' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
  });
});

describe('password strength meter', () => {
  it.each([
    ['en-GB', 'Password strength'],
    ['fr-FR', 'Force du mot de passe'],
    ['nl-NL', 'Wachtwoordsterkte'],
  ])('is named (%s)', (lng, name) => {
    const schema: RJSFSchema = { type: 'object', properties: { password: { type: 'string', title: 'Password' } } };
    renderForm(schema, { password: { 'ui:widget': 'password' } }, { password: 'abc' }, { lng });
    expect(screen.getByRole('meter', { name }).getAttribute('aria-valuenow')).toBe('0');
  });
});
