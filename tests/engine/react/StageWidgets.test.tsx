// @vitest-environment jsdom
// Issue 30's widgets in the stage form: the slider (0-100 in steps of 25, labelled, keyboard), the
// plain textarea (8 rows unless the uiSchema says otherwise), the remote select (a stored id shown
// by its label, searches after 1 character) and the media input (the app's, injected).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, type MediaInputProps, type RemoteSearch } from '../../../engine/react';
import { engineForSchema } from '../../../engine/react/devEngine';
import { renderInLocale } from './renderInLocale';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Doc = Record<string, Record<string, unknown>>;

function renderStory(schema: RJSFSchema, uiSchema: UiSchema, data: Record<string, unknown>, lng = 'en-GB') {
  const docs: Doc[] = [];
  renderInLocale(<StageForm slug="story" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{ story: data }} onChange={(d) => docs.push(d as Doc)} />, lng);
  return { last: () => docs.at(-1)?.story };
}

const design = { branding: { type: 'existing', name: 'Demo Motors', logo: '' }, brief: { action: 'More leads', background: '', usps: [], comments: '', tone: 'friendly', creativeFreedom: 50 }, copyFranchise: '', franchiseOrder: [] };

describe('the slider', () => {
  it("is the design stage's creative freedom: 0-100 in steps of 25, named by its label, its value shown, moved with the keys", async () => {
    const docs: Doc[] = [];
    renderInLocale(<StageForm slug="design" doc={{ design }} onChange={(d) => docs.push(d as Doc)} />, 'en-GB');
    const slider = await screen.findByRole('slider', { name: "Designer's creative freedom" });
    expect(slider).toHaveProperty('value', '50');
    expect(slider.getAttribute('min')).toBe('0');
    expect(slider.getAttribute('max')).toBe('100');
    expect(slider.getAttribute('step')).toBe('25');
    expect(slider.getAttribute('aria-valuetext')).toBe('50%');
    expect(screen.getByTestId('design_brief_creativeFreedom__value').textContent).toBe('50%');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await waitFor(() => expect((docs.at(-1)?.design.brief as { creativeFreedom: number }).creativeFreedom).toBe(75));
    expect(screen.getByTestId('design_brief_creativeFreedom__value').textContent).toBe('75%');
    fireEvent.keyDown(slider, { key: 'End' });
    await waitFor(() => expect((docs.at(-1)?.design.brief as { creativeFreedom: number }).creativeFreedom).toBe(100));
  });

  it("takes its range and step from the schema's minimum, maximum and multipleOf, and speaks the form's language", async () => {
    renderStory({ type: 'object', properties: { share: { type: 'integer', title: 'Share', minimum: 10, maximum: 50, multipleOf: 10 } } }, { share: { 'ui:widget': 'slider' } }, { share: 20 }, 'fr-FR');
    const slider = await screen.findByRole('slider', { name: 'Share' });
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual(['10', '50', '10']);
    expect(slider.getAttribute('aria-valuetext')).toBe('20 %');
  });
});

describe('the textarea', () => {
  const schema: RJSFSchema = { type: 'object', properties: { notes: { type: 'string', title: 'Notes' } } };
  it('has 8 rows by default', async () => {
    renderStory(schema, { notes: { 'ui:widget': 'textarea' } }, { notes: 'Hello' });
    const box = await screen.findByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('rows')).toBe('8');
  });
  it('takes ui:options.rows when given', async () => {
    renderStory(schema, { notes: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } } }, {});
    expect((await screen.findByRole('textbox', { name: 'Notes' })).getAttribute('rows')).toBe('3');
  });
});

describe('the remote select', () => {
  const users = [
    { value: 7, label: 'Dana Dealer (dealer@demo.test)' },
    { value: 9, label: 'Sam Sales (sam@demo.test)' },
  ];
  function searcher() {
    const search = vi.fn(async (term: string) => users.filter((u) => u.label.toLowerCase().includes(term.toLowerCase())));
    const resolve = vi.fn(async (value: string | number) => users.find((u) => u.value === value) ?? null);
    return { search, resolve, searcher: Object.assign(search, { resolve }) as RemoteSearch };
  }
  const keyContact = { keyContact: { name: 'Dana Dealer', email: 'dealer@demo.test', telephone: '', mobile: '', position: '' }, keyContactUser: 7 };

  it("shows the key contact's stored user id by its label, and stores the id of the user picked after a search", async () => {
    const { search, resolve, searcher: companyUsers } = searcher();
    const docs: Doc[] = [];
    renderInLocale(<StageForm slug="key-contact" doc={{ 'key-contact': keyContact }} searchers={{ companyUsers }} onChange={(d) => docs.push(d as Doc)} />, 'en-GB');
    const input = await screen.findByRole('combobox', { name: 'Portal account of the key contact' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Dana Dealer (dealer@demo.test)'));
    expect(resolve).toHaveBeenCalledWith(7, expect.anything());
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'sam' } });
    // Nothing is asked before the 250 ms delay.
    act(() => vi.advanceTimersByTime(200));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(60));
    expect(search).toHaveBeenCalledWith('sam', expect.anything());
    vi.useRealTimers();
    const option = await screen.findByRole('option', { name: 'Sam Sales (sam@demo.test)' });
    fireEvent.click(option);
    await waitFor(() => expect(docs.at(-1)?.['key-contact'].keyContactUser).toBe(9));
  });

  it('never shows the bare stored id while its label is asked for; an id the searcher cannot name shows as stored', async () => {
    let answer!: (o: { value: number; label: string } | null) => void;
    const resolve = vi.fn(() => new Promise<{ value: number; label: string } | null>((r) => (answer = r)));
    const companyUsers = Object.assign(async () => users, { resolve }) as RemoteSearch;
    renderInLocale(<StageForm slug="key-contact" doc={{ 'key-contact': keyContact }} searchers={{ companyUsers }} />, 'en-GB');
    const input = (await screen.findByRole('combobox', { name: 'Portal account of the key contact' })) as HTMLInputElement;
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(7, expect.anything()));
    expect(input.value).toBe('');
    await act(async () => answer(users[0]));
    await waitFor(() => expect(input.value).toBe('Dana Dealer (dealer@demo.test)'));
    cleanup();

    const unknown = Object.assign(async () => users, { resolve: vi.fn(async () => null) }) as RemoteSearch;
    renderInLocale(<StageForm slug="key-contact" doc={{ 'key-contact': { ...keyContact, keyContactUser: 42 } }} searchers={{ companyUsers: unknown }} />, 'en-GB');
    const other = (await screen.findByRole('combobox', { name: 'Portal account of the key contact' })) as HTMLInputElement;
    await waitFor(() => expect(other.value).toBe('42'));
  });

  it('is disabled where the page gives no search for its source (a dealer may not list users)', async () => {
    renderInLocale(<StageForm slug="key-contact" doc={{ 'key-contact': keyContact }} />, 'en-GB');
    expect(await screen.findByRole('combobox', { name: 'Portal account of the key contact' })).toHaveProperty('disabled', true);
  });
});

describe('the media input', () => {
  it("is the page's injected input for the design logo, with the logo rule asked for; a choice is stored as the guid", async () => {
    const seen: MediaInputProps[] = [];
    const Input = (props: MediaInputProps) => {
      seen.push(props);
      return (
        <button type="button" onClick={() => props.onChange('3f6c1d2e-8a4b-4e7f-9c1a-5b2d7e8f9a01')}>
          Pick {props.label}
        </button>
      );
    };
    const docs: Doc[] = [];
    renderInLocale(<StageForm slug="design" doc={{ design }} mediaInput={Input} onChange={(d) => docs.push(d as Doc)} />, 'en-GB');
    fireEvent.click(await screen.findByRole('button', { name: 'Pick Logo' }));
    await waitFor(() => expect((docs.at(-1)?.design.branding as { logo: string }).logo).toBe('3f6c1d2e-8a4b-4e7f-9c1a-5b2d7e8f9a01'));
    expect(seen.at(-1)).toMatchObject({ purpose: 'logo', value: '3f6c1d2e-8a4b-4e7f-9c1a-5b2d7e8f9a01' });
  });
});
