// @vitest-environment jsdom
// A dealer picks a country by its name in their language ("Royaume-Uni"), not by its code ("GB"),
// and GB and UK, which mean the same country, are one choice.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { StageForm } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import country from '../../../schemas/shapes/country.json';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

const schema: RJSFSchema = { type: 'object', properties: { country: { ...(country as RJSFSchema), title: 'Country' } } };

async function openChoices(lng: string, value: string) {
  renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema: {} }} engine={engineForSchema(schema)} doc={{ story: { country: value } }} />, lng);
  const select = await screen.findByRole('combobox');
  const shown = select.textContent;
  fireEvent.mouseDown(select);
  const choices = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  return { shown, choices };
}

describe('enum choices named by enumLabels', () => {
  it('shows country names in the form’s language, GB and UK as one choice', async () => {
    const { shown, choices } = await openChoices('fr-FR', 'GB');
    expect(shown).toBe('Royaume-Uni');
    expect(choices.filter((c) => c === 'Royaume-Uni')).toHaveLength(1);
    expect(choices).toContain('Belgique');
    expect(choices).not.toContain('GB');
    expect(choices).toHaveLength(9);
  });

  it('keeps a stored UK selected (it is the choice shown for the United Kingdom then)', async () => {
    const { shown, choices } = await openChoices('nl-BE', 'UK');
    expect(shown).toBe('Verenigd Koninkrijk');
    expect(choices.filter((c) => c === 'Verenigd Koninkrijk')).toHaveLength(1);
    expect(screen.getByRole('option', { name: 'Verenigd Koninkrijk' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe("the shipped stages' departments and user roles (issue 54)", () => {
  const sales = { id: 'd1Sal', name: 'Sales', numbers: [], locations: [] };
  const service = { id: 'd2Ser', name: 'Service', numbers: [], locations: [] };

  it('a department reads in the form’s language, its choices too', async () => {
    renderInLocale(<StageForm slug="departments" doc={{ departments: { departments: [sales] } }} />, 'fr-FR');
    const selects = await screen.findAllByRole('combobox');
    const name = selects.find((s) => s.textContent === 'Ventes');
    expect(name).toBeDefined();
    fireEvent.mouseDown(name!);
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(choices).toEqual(expect.arrayContaining(['Carrosserie', 'Ventes', 'Atelier', 'Pièces', 'Financement']));
    expect(choices).not.toContain('Sales');
  });

  it("a user's role is Manager / Executive in words, not M / E", async () => {
    const user = { id: 'u1Jan', firstName: 'Jane', lastName: 'Doe', email: 'jane@demo.test', role: 'E', franchises: [], departments: [sales.id, service.id], receiveLeads: true, softwareAccess: false, training: false };
    renderInLocale(<StageForm slug="users" doc={{ departments: { departments: [sales, service] }, users: { users: [user], general: { catchAll: '', autoResponder: false } } }} />, 'nl-NL');
    const selects = await screen.findAllByRole('combobox');
    const role = selects.find((s) => s.textContent === 'Medewerker');
    expect(role).toBeDefined();
    fireEvent.mouseDown(role!);
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kies…', 'Manager', 'Medewerker']);
  });
});
