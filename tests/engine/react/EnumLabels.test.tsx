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
