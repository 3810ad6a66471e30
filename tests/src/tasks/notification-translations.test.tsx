// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { NotificationContextProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from '../../../src/http';
import { EditDialog } from '../../../src/tasks/EditDialog';
import { NotificationForm, useNotificationDialog, type NotificationDraft } from '../../../src/tasks/notifications/NotificationForm';
import { TranslationChips } from '../../../src/tasks/notifications/TranslationChips';
import { renderInLocale } from '../../engine/react/renderInLocale';


afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let post: ReturnType<typeof vi.fn>;
let put: ReturnType<typeof vi.fn>;
beforeEach(() => {
  post = vi.spyOn(http, 'post').mockResolvedValue({ id: 1, message: 'Notification Created' } as never) as unknown as ReturnType<typeof vi.fn>;
  put = vi.spyOn(http, 'put').mockResolvedValue({ id: 7, message: 'Notification Updated' } as never) as unknown as ReturnType<typeof vi.fn>;
});

const DRAFT: NotificationDraft = { name: 'Late', event: 'task_due', recipients: ['assignee'], subject: 'Late: {task}', body: 'Hello {project}', translations: {}, task_type_id: '', active: true };

/** The notification dialog as the list holds it: the form, Save, the server's field errors. */
function Dialog({ initial }: { initial: NotificationDraft }) {
  const { draft, setDraft, open, close, errors, submit } = useNotificationDialog(() => undefined);
  return draft ? (
    <EditDialog open title="Notification" testId="notification-dialog" onClose={close} onSave={submit}>
      <NotificationForm draft={draft} onChange={setDraft} types={[]} errors={errors} />
    </EditDialog>
  ) : (
    <button type="button" onClick={() => open(initial)}>
      open
    </button>
  );
}

const show = (initial: NotificationDraft = DRAFT) => {
  // react-admin's notifications as the app has them (not a module mock: the unit-dom project shares
  // its modules between files, so a mock of react-admin would reach the next file's forms).
  renderInLocale(
    <NotificationContextProvider>
      <ThemeProvider theme={createTheme()}>
        <Dialog initial={initial} />
      </ThemeProvider>
    </NotificationContextProvider>,
  );
  fireEvent.click(screen.getByText('open'));
};
const toggle = () => screen.getByTestId('notification-translations-toggle');
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const subject = () => screen.getByTestId('notification-translation-subject') as HTMLInputElement;
const body = () => screen.getByTestId('notification-translation-body') as HTMLTextAreaElement;
const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
const saveIt = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('notification-dialog-save'));
  });
};
const sent = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)?.[1] as { translations: unknown };

describe('a notification template in other languages (issue 55)', () => {
  it('is collapsed under the subject and body, and opens to a tab per other locale named in its own language', () => {
    show();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('notification-translations-count').textContent).toBe('none filled in');
    expect(screen.queryByRole('tab')).toBeNull();
    fireEvent.click(toggle());
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['English (Australia)', 'English (South Africa)', 'Français (France)', 'Français (Belgique)', 'Nederlands (Nederland)', 'Nederlands (België)']);
    // The same placeholder help as the main fields, in the open part too.
    expect(within(screen.getByRole('tabpanel')).getByText('{task}')).toBeTruthy();
  });

  it('sends the French words typed', async () => {
    show();
    fireEvent.click(toggle());
    tab('Français (France)');
    expect(subject().getAttribute('lang')).toBe('fr-FR');
    type(subject(), 'En retard : {task}');
    type(body(), 'Bonjour {project}');
    expect(screen.getByTestId('notification-translations-count').textContent).toBe('1 language filled in');
    await saveIt();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][0]).toBe('/tasks/notifications');
    expect(sent(post).translations).toEqual({ 'fr-FR': { subject: 'En retard : {task}', body: 'Bonjour {project}' } });
  });

  it('keeps the template back while a locale has only its subject, saying so beside the empty body; sends once it has both', async () => {
    show();
    fireEvent.click(toggle());
    tab('Nederlands (Nederland)');
    type(subject(), 'Te laat: {task}');
    type(body(), 'Beste {project}');
    tab('Français (France)');
    type(subject(), 'En retard');
    expect(screen.getByText('Give both the subject and the body, or neither')).toBeTruthy();
    expect(body().getAttribute('aria-invalid')).toBe('true');
    expect(subject().getAttribute('aria-invalid')).toBe('false');
    // Nothing typed is dropped: the save waits until the French words are whole.
    await saveIt();
    expect(post).not.toHaveBeenCalled();
    type(body(), 'Bonjour {project}');
    await saveIt();
    expect(sent(post).translations).toEqual({ 'fr-FR': { subject: 'En retard', body: 'Bonjour {project}' }, 'nl-NL': { subject: 'Te laat: {task}', body: 'Beste {project}' } });
  });

  it('sends {} when every locale is cleared', async () => {
    show({ ...DRAFT, id: 7, translations: { 'fr-FR': { subject: 'En retard', body: 'Bonjour' }, 'nl-BE': { subject: 'Te laat', body: 'Hallo' } } });
    expect(screen.getByTestId('notification-translations-count').textContent).toBe('2 languages filled in');
    fireEvent.click(toggle());
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Français (France)');
    type(subject(), '');
    type(body(), ' ');
    tab('Nederlands (België)');
    type(subject(), '');
    type(body(), '');
    expect(screen.queryByText('Give both the subject and the body, or neither')).toBeNull();
    await saveIt();
    expect(put.mock.calls[0][0]).toBe('/tasks/notifications/7');
    expect(sent(put).translations).toEqual({});
  });

  it('shows the server\'s refusal beside the field, switching to its locale', async () => {
    post.mockRejectedValueOnce(new HttpError(422, { errors: [{ detail: 'Unknown placeholder {nom}', field: 'translations.fr-BE.body' }] }, (key) => key));
    show({ ...DRAFT, translations: { 'fr-BE': { subject: 'Retard', body: 'Bonjour {nom}' }, 'nl-NL': { subject: 'Te laat', body: 'Hallo' } } });
    fireEvent.click(toggle());
    tab('Nederlands (Nederland)');
    fireEvent.click(toggle());
    await saveIt();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Français (Belgique)');
    expect(body().value).toBe('Bonjour {nom}');
    expect(body().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Unknown placeholder {nom}')).toBeTruthy();
  });
});

describe('the list\'s chips of a template\'s locales (issue 55)', () => {
  it('marks each locale with words, named in its own language', () => {
    renderInLocale(<TranslationChips translations={{ 'nl-NL': { subject: 'a', body: 'b' }, 'fr-FR': { subject: 'a', body: 'b' }, 'fr-BE': { subject: 'a', body: 'b' } }} />, 'fr-FR');
    const list = screen.getByRole('list', { name: 'Textes dans d’autres langues' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['FR', 'FR-BE', 'NL']);
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Français (France)', 'Français (Belgique)', 'Nederlands (Nederland)']);
  });

  it('shows nothing for a template in one language', () => {
    const { container } = renderInLocale(<TranslationChips translations={{}} />);
    expect(container.textContent).toBe('');
  });
});
