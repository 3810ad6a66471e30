// @vitest-environment jsdom
// A list item whose object holds a store-backed field (an opening-hours grid in an accordion panel):
// the grid owns its part of the item, so typing in a cell re-renders that cell and not the item's
// other fields, and edits on either side keep the other's data.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ObjectFieldTemplateProps, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { StageForm } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const day: RJSFSchema = { type: 'object', properties: { open: { type: 'string', title: 'Open' }, close: { type: 'string', title: 'Close' } } };
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    hours: {
      type: 'array',
      title: 'Opening hours',
      items: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, days: { type: 'object', title: 'Days', properties: { monday: { ...day, title: 'Monday' }, tuesday: { ...day, title: 'Tuesday' } } } } },
    },
  },
};

describe('a store-backed field inside a list item (owned parts)', () => {
  it('a keystroke in the grid re-renders neither the item nor its other fields, and both sides keep their data', () => {
    const renders: string[] = [];
    // The item's object field and its name, through a template and a widget that count their renders.
    function CountedItem(props: ObjectFieldTemplateProps) {
      renders.push('item');
      return <div>{props.properties.map((p) => p.content)}</div>;
    }
    function Counted(props: WidgetProps) {
      renders.push('name');
      return <input id={props.id} aria-label="Name" value={(props.value as string | undefined) ?? ''} onChange={(e) => props.onChange(e.target.value)} />;
    }
    const ui: UiSchema = {
      hours: { 'ui:field': 'accordion', 'ui:options': { labelKey: 'name' }, items: { 'ui:ObjectFieldTemplate': CountedItem, name: { 'ui:widget': Counted }, days: { 'ui:field': 'openingHours' } } },
    };
    let doc: Record<string, unknown> = {};
    renderInLocale(
      <StageForm
        slug="story"
        stage={{ schema, uiSchema: ui }}
        engine={engineForSchema(schema)}
        doc={{ story: { hours: [{ name: 'Sales', days: { monday: { open: '09:00', close: '17:00' } } }] } }}
        onChange={(d) => (doc = d)}
      />,
    );
    const monday = screen.getByRole('textbox', { name: 'Monday Open' }) as HTMLInputElement;
    expect(monday.value).toBe('09:00');
    const before = renders.length;
    fireEvent.change(monday, { target: { value: '08:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tuesday Close' }), { target: { value: '18:00' } });
    expect(renders.slice(before)).toEqual([]);
    expect(monday.value).toBe('08:30');

    // The name, edited through rjsf's object field, keeps the grid's edits (and the grid the name).
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Service' } });
    expect(renders.slice(before)).toContain('name');
    expect(doc.story).toEqual({ hours: [{ name: 'Service', days: { monday: { open: '08:30', close: '17:00' }, tuesday: { close: '18:00' } } }] });
    expect((screen.getByRole('textbox', { name: 'Monday Open' }) as HTMLInputElement).value).toBe('08:30');
  });
});
