// @vitest-environment jsdom
// The date widget's own texts (open-picker label, calendar navigation, month names) follow the form's
// language, while the date stays dd/mm/yyyy (spec section 5: dates use dd/mm/yyyy).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, createRendererI18n } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { pickerLocaleFor } from '../../../engine/react/widgets/pickerLocale';

afterEach(cleanup);

const schema: RJSFSchema = { type: 'object', properties: { launchDate: { type: 'string', format: 'date', title: 'Launch date' } } };
const uiSchema: UiSchema = { launchDate: { 'ui:widget': 'datePicker' } };

function renderDate(lng: string) {
  const i18n = createRendererI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: { launchDate: '2026-03-01' } }} />
    </I18nextProvider>,
  );
  return i18n;
}

/** The hidden input the picker field keeps its text in (the visible field is made of sections). */
const shownDate = () => (document.getElementById('story_launchDate') as HTMLInputElement | null)?.value;

describe('date picker texts per locale', () => {
  it('is in French for fr-FR: open button, calendar navigation and month name; the date stays dd/mm/yyyy', () => {
    renderDate('fr-FR');
    expect(shownDate()).toBe('01/03/2026');
    // The field's sections are named in French too.
    expect(['Jour', 'Mois', 'Année'].map((name) => screen.getByRole('spinbutton', { name }))).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Choisir la date, la date sélectionnée est 1 mars 2026' }));
    const calendar = screen.getByRole('dialog');
    expect(within(calendar).getByRole('button', { name: 'Mois précédent' })).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'Mois suivant' })).toBeTruthy();
    expect(within(calendar).getByText('mars 2026')).toBeTruthy();
    expect(within(calendar).queryByText(/March/)).toBeNull();
  });

  it('is in Dutch for nl-BE', () => {
    renderDate('nl-BE');
    expect(shownDate()).toBe('01/03/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Kies datum, geselecteerde datum is 1 mrt. 2026' }));
    const calendar = screen.getByRole('dialog');
    expect(within(calendar).getByRole('button', { name: 'Vorige maand' })).toBeTruthy();
    expect(within(calendar).getByText('maart 2026')).toBeTruthy();
  });

  it('is in English for en-GB, and follows a language switch', async () => {
    const i18n = renderDate('en-GB');
    expect(screen.getByRole('button', { name: 'Choose date, selected date is 1 Mar 2026' })).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('fr-BE');
    });
    expect(screen.getByRole('button', { name: 'Choisir la date, la date sélectionnée est 1 mars 2026' })).toBeTruthy();
    expect(shownDate()).toBe('01/03/2026');
  });

  it('maps every locale to its language pack (unknown locales: English)', () => {
    const cancel = (l: string) => pickerLocaleFor(l).localeText.cancelButtonLabel;
    expect(['fr-FR', 'fr-BE'].map(cancel)).toEqual(['Annuler', 'Annuler']);
    expect(['nl-NL', 'nl-BE'].map(cancel)).toEqual(['Annuleren', 'Annuleren']);
    expect(['en-GB', 'en-AU', 'en-ZA', 'de-DE'].map(cancel)).toEqual(['Cancel', 'Cancel', 'Cancel', 'Cancel']);
    // Mobile pickers' toolbar title.
    expect(pickerLocaleFor('fr-BE').localeText.datePickerToolbarTitle).toBe('Choisir une date');
  });
});
