// @vitest-environment jsdom
// Spec section 5: "Optional first-letter capitalisation exists for inputs". A text input's
// `capitaliseFirst` upper-cases the first letter as the user types ("jane" -> "Jane"), beside the
// whole-value `capitalise` of postcodes; the users stage's first names use it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { capitaliseInput } from '../../../engine/react/templates/capitalise';
import users from '../../../schemas/stages/users.json';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

type Doc = Record<string, Record<string, unknown>>;

describe('capitaliseInput', () => {
  it.each([
    ['jane', 'Jane'],
    ['  jane', '  Jane'],
    ['élodie', 'Élodie'],
    ["o'neil", "O'neil"],
    ['McDonald', 'McDonald'],
    ['3 rue', '3 Rue'],
    ['', ''],
    ['42', '42'],
    ['ßtraße', 'ßtraße'],
  ])('capitaliseFirst makes %j %j', (typed, shown) => {
    expect(capitaliseInput(typed, { capitaliseFirst: true })).toBe(shown);
  });

  it('leaves the rest as typed, whole-value capitalise wins, and no option (or no string) changes nothing', () => {
    expect(capitaliseInput('jean-paul sartre', { capitaliseFirst: true })).toBe('Jean-paul sartre');
    expect(capitaliseInput('sw1a 1aa', { capitalise: true, capitaliseFirst: true })).toBe('SW1A 1AA');
    expect(capitaliseInput('jane', {})).toBe('jane');
    expect(capitaliseInput('jane', undefined)).toBe('jane');
    expect(capitaliseInput(undefined, { capitaliseFirst: true })).toBeUndefined();
  });
});

describe('typing in a capitalised input', () => {
  const schema: RJSFSchema = { type: 'object', properties: { firstName: { type: 'string', title: 'First name' }, postcode: { type: 'string', title: 'Postcode' }, notes: { type: 'string', title: 'Notes' } } };
  const uiSchema: UiSchema = { firstName: { 'ui:options': { capitaliseFirst: true } }, postcode: { 'ui:options': { capitalise: true } } };

  it('upper-cases the first letter as typed, every letter of a capitalise input, and nothing elsewhere', async () => {
    const docs: Doc[] = [];
    renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: {} }} onChange={(d) => docs.push(d as Doc)} />);
    const first = await screen.findByRole('textbox', { name: 'First name' });
    fireEvent.change(first, { target: { value: 'j' } });
    await waitFor(() => expect(first).toHaveProperty('value', 'J'));
    fireEvent.change(first, { target: { value: 'Jane' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: 'sw1a 1aa' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'call after five' } });
    await waitFor(() => expect(docs.at(-1)?.story).toMatchObject({ firstName: 'Jane', postcode: 'SW1A 1AA', notes: 'call after five' }));
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveProperty('value', 'SW1A 1AA');
  });

  it("is on the users stage's first names (a table cell), not its last names", async () => {
    expect((users.uiSchema.users.items as Record<string, { 'ui:options'?: Record<string, unknown> }>).firstName?.['ui:options']).toEqual({ capitaliseFirst: true });
    const user = { id: 'u1', firstName: '', lastName: '', email: '', role: 'M', franchises: [], departments: [], receiveLeads: false, softwareAccess: false, training: false };
    const docs: Doc[] = [];
    renderInLocale(<StageForm slug="users" doc={{ users: { users: [user], general: { catchAll: '', autoResponder: false } } }} onChange={(d) => docs.push(d as Doc)} />);
    const boxes = await screen.findAllByRole('textbox');
    const first = boxes.find((b) => /first name/i.test(b.getAttribute('aria-label') ?? ''))!;
    const last = boxes.find((b) => /last name/i.test(b.getAttribute('aria-label') ?? ''))!;
    fireEvent.change(first, { target: { value: 'élodie' } });
    fireEvent.change(last, { target: { value: 'van der berg' } });
    await waitFor(() => expect((docs.at(-1)?.users.users as Array<Record<string, unknown>>)[0]).toMatchObject({ firstName: 'Élodie', lastName: 'van der berg' }));
  });
});
