// @vitest-environment jsdom
// The notification preferences page (issue 55, src/notifications/) against a real HTTP server standing
// in for GET and PUT /api/notifications/preferences: it shows each kind with the channel the server
// holds, a change is sent on Save and the success text shows, a refusal shows the server's words
// (and the choice stays on screen to correct), and a failed read says so and can be tried again.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { DEFAULT_CHANNELS, type NotificationPreferences } from '../../../contract/notifications';
import { createRendererI18n } from '../../../engine/react';
import { HttpClient } from '../../../src/http/client';
import { createNotificationsApi } from '../../../src/notifications/api';
import { PreferencesScreen } from '../../../src/notifications/NotificationPreferencesPage';
import { memoryStorage } from '../http/memoryStorage';

let stub: StubApi;
let base: string;
let stored: NotificationPreferences['preferences'];
const puts: unknown[] = [];
/**
 * The "saved" status's text, once it shows. Found by its test id and checked for its role: a role
 * query computes the accessibility of the whole form on every DOM change, and with both cores
 * loaded by browser tests each pass took seconds, so the 10 s wait ran out (a full CI run).
 */
async function savedStatus(): Promise<string | null> {
  // On a timeout, what stood in its place: a failed save's words, or a save still pending.
  const instead = () => {
    const refusal = screen.queryByTestId('preferences-error')?.textContent;
    const pending = (screen.queryByTestId('preferences-save') as HTMLButtonElement | null)?.disabled;
    return new Error(`No "saved" status: ${puts.length} PUT(s) reached the server; ${refusal ? `the page says "${refusal}"` : pending ? 'the save is still pending' : 'no outcome shows'}`);
  };
  const shown = await screen.findByTestId('preferences-success', {}, { onTimeout: instead });
  expect(shown.getAttribute('role')).toBe('status');
  return shown.textContent;
}

/** The next answers to give instead of the usual ones (status and body), by method. */
const failNext: Partial<Record<'GET' | 'PUT', { status: number; body: unknown }>> = {};

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    const json = (data: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.url !== '/api/notifications/preferences') return void res.writeHead(404).end();
    const method = req.method as 'GET' | 'PUT';
    const failure = failNext[method];
    if (method === 'GET') {
      if (failure) {
        delete failNext.GET;
        return json(failure.body, failure.status);
      }
      return json({ preferences: stored });
    }
    let text = '';
    req.on('data', (c: Buffer) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as { preferences: Partial<NotificationPreferences['preferences']> };
      puts.push(body);
      if (failure) {
        delete failNext.PUT;
        return json(failure.body, failure.status);
      }
      stored = { ...stored, ...body.preferences };
      json({ preferences: stored, message: 'Notification settings saved.' });
    });
  });
  base = stub.base;
});
afterAll(() => stub.close());
beforeEach(() => {
  stored = { ...DEFAULT_CHANNELS, mention: 'digest' };
  puts.length = 0;
});
afterEach(cleanup);

function renderPage(locale = 'en-GB') {
  const api = createNotificationsApi(new HttpClient(base, memoryStorage()));
  return render(
    <I18nextProvider i18n={createRendererI18n(locale)}>
      <QueryClientProvider client={new QueryClient()}>
        <PreferencesScreen api={api} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
/** The radio group of a kind, by its accessible name. */
const group = (name: string) => screen.getByRole('radiogroup', { name });
/** The text of the element an ARIA attribute of `el` points to (its name or description). */
const textOf = (el: Element, attribute: 'aria-labelledby' | 'aria-describedby') => document.getElementById(el.getAttribute(attribute) ?? '')?.textContent;
const checkedIn = (name: string) => (within(group(name)).getAllByRole('radio') as HTMLInputElement[]).find((r) => r.checked)?.labels?.[0]?.textContent;

describe('the notification preferences page', () => {
  it('shows every kind with its explanation and the channel the server holds', async () => {
    renderPage();
    await screen.findByTestId('notification-preferences');
    expect(screen.getAllByRole('radiogroup').map((g) => textOf(g, 'aria-labelledby'))).toEqual([
      'Mentions', 'Requests for changes', 'Replies', 'Stages waiting', 'Tasks due', 'Agreements to sign', 'Variations to approve',
    ]);
    expect(textOf(group('Mentions'), 'aria-describedby')).toBe('Someone mentions you in a comment on a config.');
    expect(within(group('Mentions')).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['In the app', 'By mail', 'Daily digest', 'Nothing']);
    expect(checkedIn('Mentions')).toBe('Daily digest');
    expect(checkedIn('Replies')).toBe('In the app');
    expect(checkedIn('Tasks due')).toBe('By mail');
  });

  it('sends the changed choice on Save and says it was saved', async () => {
    renderPage();
    await screen.findByTestId('notification-preferences');
    fireEvent.click(within(group('Replies')).getByRole('radio', { name: 'By mail' }));
    fireEvent.click(within(group('Stages waiting')).getByRole('radio', { name: 'Nothing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await savedStatus()).toBe('Notification settings saved.');
    expect(puts).toEqual([{ preferences: { ...DEFAULT_CHANNELS, mention: 'digest', reply: 'mail', stages_waiting: 'none' } }]);
    expect(stored).toMatchObject({ reply: 'mail', stages_waiting: 'none' });
    expect(checkedIn('Replies')).toBe('By mail');
  });

  it("shows a refusal in the server's words and keeps the choice on screen", async () => {
    failNext.PUT = { status: 400, body: { message: 'preferences.mention must be one of the listed values', errors: [{ detail: 'preferences.mention must be one of the listed values', field: 'preferences.mention' }] } };
    renderPage();
    await screen.findByTestId('notification-preferences');
    fireEvent.click(within(group('Mentions')).getByRole('radio', { name: 'Nothing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('preferences.mention must be one of the listed values');
    expect(screen.queryByRole('status')).toBeNull();
    expect(stored.mention).toBe('digest');
    expect(checkedIn('Mentions')).toBe('Nothing');
    // Saved on the second try: the refusal gives way to the success text.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await savedStatus()).toBe('Notification settings saved.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stored.mention).toBe('none');
  });

  it('says when the settings could not be read, and reads them on Try again', async () => {
    failNext.GET = { status: 503, body: { message: 'The service is unavailable. Please try again shortly.' } };
    renderPage();
    const failed = await screen.findByTestId('preferences-load-error');
    expect(failed.textContent).toContain('The service is unavailable. Please try again shortly.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('notification-preferences');
    expect(checkedIn('Mentions')).toBe('Daily digest');
  });

  it('speaks French to a French reader', async () => {
    renderPage('fr-FR');
    await screen.findByTestId('notification-preferences');
    expect(within(group('Mentions')).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Dans l’application', 'Par e-mail', 'Récapitulatif quotidien', 'Rien']);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Paramètres de notification enregistrés.'));
  });
});
