// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { CoreAdminContext, Form, memoryStore, type I18nProvider } from 'ra-core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalNames } from '../../../contract/names';
import { createRendererI18n } from '../../../engine/react';
import { LocalNamesInput } from '../../../src/forms/LocalNamesInput';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

/** The input with its own state, as a dialog holds it; every value it gave is in `seen`. */
function Controlled({ initial = {}, errors, seen }: { initial?: LocalNames; errors?: Record<string, string>; seen: LocalNames[] }) {
  const [value, setValue] = useState<LocalNames>(initial);
  return (
    <LocalNamesInput
      value={value}
      onChange={(names) => {
        seen.push(names);
        setValue(names);
      }}
      errors={errors}
    />
  );
}

const toggle = () => screen.getByTestId('local-names-toggle');
const field = (locale: string) => screen.getByTestId(`local-names-${locale}`) as HTMLInputElement;
const type = (locale: string, text: string) => fireEvent.change(field(locale), { target: { value: text } });

describe('LocalNamesInput, controlled (issue 54)', () => {
  it('is collapsed at first and says how many locales have a text', () => {
    renderInLocale(<Controlled initial={{ 'fr-FR': 'À faire', 'nl-NL': 'Te doen' }} seen={[]} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().textContent).toContain('Name in other languages');
    expect(screen.getByTestId('local-names-count').textContent).toBe('2 languages filled in');
    expect(screen.queryByTestId('local-names-fr-FR')).toBeNull();
    cleanup();
    renderInLocale(<Controlled seen={[]} />, 'fr-FR');
    expect(screen.getByTestId('local-names-count').textContent).toBe('aucune renseignée');
  });

  it('opens to one field per locale, the default one too, each named in its own language', () => {
    renderInLocale(<Controlled initial={{ 'fr-FR': 'À faire' }} seen={[]} />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: /Name in other languages/ });
    expect(within(group).getAllByRole('textbox')).toHaveLength(7);
    expect(within(group).getByLabelText('English (UK)')).toBeTruthy();
    expect((within(group).getByLabelText('Français (France)') as HTMLInputElement).value).toBe('À faire');
    expect(within(group).getByLabelText('Nederlands (België)').getAttribute('lang')).toBe('nl-BE');
  });

  it('gives the typed text, trimmed, and keeps what is being typed in the field', () => {
    const seen: LocalNames[] = [];
    renderInLocale(<Controlled seen={seen} />);
    fireEvent.click(toggle());
    type('fr-FR', 'À ');
    expect(seen.at(-1)).toEqual({ 'fr-FR': 'À' });
    expect(field('fr-FR').value).toBe('À ');
    type('fr-FR', '  À faire maintenant ');
    type('nl-BE', 'Nu te doen');
    expect(seen.at(-1)).toEqual({ 'fr-FR': 'À faire maintenant', 'nl-BE': 'Nu te doen' });
    expect(screen.getByTestId('local-names-count').textContent).toBe('2 languages filled in');
  });

  it('drops a locale whose field is emptied, or left blank', () => {
    const seen: LocalNames[] = [];
    renderInLocale(<Controlled initial={{ 'fr-FR': 'À faire', 'nl-NL': 'Te doen' }} seen={seen} />);
    fireEvent.click(toggle());
    type('fr-FR', '');
    expect(seen.at(-1)).toEqual({ 'nl-NL': 'Te doen' });
    type('nl-NL', '   ');
    expect(seen.at(-1)).toEqual({});
    expect(screen.getByTestId('local-names-count').textContent).toBe('none filled in');
  });

  it('says a text over 200 characters is too long, beside its field', () => {
    renderInLocale(<Controlled seen={[]} />);
    fireEvent.click(toggle());
    type('nl-NL', 'x'.repeat(200));
    expect(screen.queryByText('Must have at most 200 characters.')).toBeNull();
    type('nl-NL', 'x'.repeat(201));
    expect(field('nl-NL').getAttribute('aria-invalid')).toBe('true');
    expect(field('nl-NL').closest('.MuiFormControl-root')?.textContent).toContain('Must have at most 200 characters.');
  });

  it("shows the server's refusal of one locale beside that field, opening the fields", () => {
    renderInLocale(<Controlled initial={{ 'fr-FR': 'À faire' }} errors={{ 'names.fr-FR': 'The text may not be blank.' }} seen={[]} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(field('fr-FR').closest('.MuiFormControl-root')?.textContent).toContain('The text may not be blank.');
  });
});

describe('LocalNamesInput in a react-admin form', () => {
  const i18nProvider: I18nProvider = { translate: (key, options) => (options?._ as string | undefined) ?? key, changeLocale: async () => undefined, getLocale: () => 'en-GB' };
  const inForm = (onSubmit: (values: Record<string, unknown>) => unknown) =>
    render(
      <CoreAdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <I18nextProvider i18n={createRendererI18n('en-GB')}>
          <Form record={{ id: 1, name: 'To do', names: { 'fr-FR': 'À faire' } }} onSubmit={onSubmit} noValidate>
            <LocalNamesInput source="names" />
            <button type="submit">Save</button>
          </Form>
        </I18nextProvider>
      </CoreAdminContext>,
    );

  it("holds the record's names and sends the edited ones", async () => {
    const onSubmit = vi.fn();
    inForm(onSubmit);
    expect((await screen.findByTestId('local-names-count')).textContent).toBe('1 language filled in');
    fireEvent.click(toggle());
    type('nl-NL', ' Te doen ');
    await act(async () => fireEvent.click(screen.getByText('Save')));
    expect(onSubmit.mock.calls[0][0].names).toEqual({ 'fr-FR': 'À faire', 'nl-NL': 'Te doen' });
  });

  it('is not sent with a text too long, and shows the server refusing one locale beside it', async () => {
    const onSubmit = vi.fn();
    inForm(onSubmit);
    fireEvent.click(await screen.findByTestId('local-names-toggle'));
    type('en-AU', 'x'.repeat(201));
    await act(async () => fireEvent.click(screen.getByText('Save')));
    expect(onSubmit).not.toHaveBeenCalled();
    cleanup();
    inForm(() => ({ 'names.fr-FR': 'The fr-FR text is refused.' }));
    await act(async () => fireEvent.click(await screen.findByText('Save')));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(field('fr-FR').closest('.MuiFormControl-root')?.textContent).toContain('The fr-FR text is refused.');
  });
});
