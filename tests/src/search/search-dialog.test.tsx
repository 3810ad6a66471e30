// @vitest-environment jsdom
// The one search's dialog (issue 58, src/search/) against a real HTTP server standing in for
// GET /api/search with the contract's answer (contract/search.ts): Ctrl-K opens it from anywhere,
// the hits come grouped under their kind's heading, the arrows move across the groups (the active
// option named to assistive technology), Enter opens the hit's path, Escape closes, and the hint,
// "No results for ..." and a failure show in words.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { SEARCH_PATHS, type SearchAnswer } from '../../../contract/search';
import { createRendererI18n } from '../../../engine/react';
import { HttpClient } from '../../../src/http/client';
import { createSearchApi } from '../../../src/search/api';
import { SearchBox } from '../../../src/search/SearchBox';
import { theme } from '../../../src/theme';
import { memoryStorage } from '../http/memoryStorage';

const portal = createTheme(theme as Parameters<typeof createTheme>[0]);

/** What the stand-in finds for a text: two Wisbech companies, one config with a Wisbech location. */
const WISBECH: SearchAnswer['groups'] = [
  {
    kind: 'company',
    hits: [
      { kind: 'company', id: 7, guid: '00000000-0000-4000-8000-000000000007', title: 'Fenland Motors', subtitle: 'Wisbech', path: SEARCH_PATHS.companyProfile(7) },
      { kind: 'company', id: 9, guid: '00000000-0000-4000-8000-000000000009', title: 'Wisbech Autos', subtitle: 'Wisbech', path: SEARCH_PATHS.companyProfile(9) },
    ],
  },
  {
    kind: 'config',
    hits: [{ kind: 'config', id: 31, guid: '00000000-0000-4000-8000-000000000031', title: 'Fenland Motors website', subtitle: 'Fenland Motors', path: SEARCH_PATHS.configDashboard(31) }],
  },
  {
    kind: 'task',
    hits: [{ kind: 'task', id: 5, guid: null, title: 'Check the Wisbech opening hours', subtitle: 'Fenland Motors Website', path: SEARCH_PATHS.projectTasks(12) }],
  },
];

let stub: StubApi;
let base: string;
/** Every `q` the stand-in was asked for, in order. */
const asked: string[] = [];
/** The next answer's status and body instead of the usual. */
let failNext: { status: number; body: unknown } | null = null;

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (data: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (url.pathname !== '/api/search') return void res.writeHead(404).end();
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    if (failNext) {
      const { status, body } = failNext;
      failNext = null;
      return json(body, status);
    }
    json({ q, groups: q.toLowerCase().startsWith('wis') ? WISBECH : [] } satisfies SearchAnswer);
  });
  base = stub.base;
});
afterAll(() => stub.close());
beforeEach(() => {
  asked.length = 0;
  failNext = null;
});
afterEach(cleanup);

/** Where the app is: the router's path and query. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="at">{pathname + search}</p>;
}

/** The top bar's search in a signed-in screen at /configurator, in `locale`. */
function renderBox(locale = 'en-GB') {
  const api = createSearchApi(new HttpClient(base, memoryStorage()));
  return render(
    <ThemeProvider theme={portal}>
      <I18nextProvider i18n={createRendererI18n(locale)}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/configurator']}>
            <SearchBox api={api} />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>,
  );
}

const pressCtrlK = () => fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true });
const input = () => screen.getByRole('combobox', { name: 'Search' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(input(), { key: name });
/** The option the field names as active, by its text. */
const activeText = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('the one search', () => {
  it('opens on Ctrl-K (and Cmd-K) from anywhere, the field focused, with a hint', async () => {
    renderBox();
    expect(screen.queryByRole('dialog')).toBeNull();
    pressCtrlK();
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    expect(document.activeElement).toBe(input());
    expect(within(dialog).getByTestId('search-hint').textContent).toBe('Type a name, an email address, a postcode or a town.');
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    // The bar's own button opens it too.
    expect(screen.getByRole('button', { name: /^Search/, hidden: true }).getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
  });

  it('groups the hits under a heading per kind, in the answer order, each with its title and subtitle', async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    type('wis');
    const list = await screen.findByRole('listbox', { name: 'Results' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Companies',
      'Configurations',
      'Tasks',
    ]);
    expect(within(groups[0]).getAllByRole('option').map((o) => o.textContent)).toEqual(['Fenland MotorsWisbech', 'Wisbech AutosWisbech']);
    expect(within(groups[1]).getByRole('option').textContent).toBe('Fenland Motors websiteFenland Motors');
    expect(screen.getByTestId('search-status').textContent).toBe('4 results');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(list.id);
  });

  it('names the kinds in the reader’s language', async () => {
    renderBox('fr-FR');
    pressCtrlK();
    await screen.findByRole('dialog', { name: 'Rechercher' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Rechercher' }), { target: { value: 'wis' } });
    const groups = within(await screen.findByRole('listbox', { name: 'Résultats' })).getAllByRole('group');
    expect(groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Entreprises', 'Configurations', 'Tâches']);
  });

  it('moves the active option with the arrows across the groups, wrapping at both ends', async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    type('wis');
    await screen.findByRole('listbox');
    expect(activeText()).toBe('Fenland MotorsWisbech');
    key('ArrowDown');
    expect(activeText()).toBe('Wisbech AutosWisbech');
    key('ArrowDown');
    expect(activeText()).toBe('Fenland Motors websiteFenland Motors');
    const selected = screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.textContent)).toEqual(['Fenland Motors websiteFenland Motors']);
    key('ArrowDown');
    key('ArrowDown');
    expect(activeText()).toBe('Fenland MotorsWisbech');
    key('ArrowUp');
    expect(activeText()).toBe('Check the Wisbech opening hoursFenland Motors Website');
  });

  it("opens the active hit's path on Enter and closes", async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    type('wis');
    await screen.findByRole('listbox');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(screen.getByTestId('at').textContent).toBe('/configurator/31/dashboard');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A task opens on its project's board: the query goes along.
    pressCtrlK();
    await screen.findByRole('dialog');
    type('wis');
    await screen.findByRole('listbox');
    key('ArrowUp');
    key('Enter');
    expect(screen.getByTestId('at').textContent).toBe('/tracker/12/profile?tab=tasks');
  });

  it('opens a hit on a click', async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    type('wis');
    fireEvent.click((await screen.findAllByRole('option'))[1]);
    expect(screen.getByTestId('at').textContent).toBe('/companies/profile/9');
  });

  it('says "No results for ..." when nothing is found, and Enter does nothing', async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    type('  Zanzibar ');
    expect((await screen.findByTestId('search-none')).textContent).toBe('No results for “Zanzibar”');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    key('Enter');
    expect(screen.getByTestId('at').textContent).toBe('/configurator');
    expect(asked).toEqual(['Zanzibar']);
  });

  it('asks once per pause in the typing, for the text as typed last', async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    for (const text of ['w', 'wi', 'wis', 'wisb']) type(text);
    await screen.findByRole('listbox');
    expect(asked).toEqual(['wisb']);
  });

  it("says when the search failed, in the server's words when it gave them", async () => {
    renderBox();
    pressCtrlK();
    await screen.findByRole('dialog');
    failNext = { status: 500, body: {} };
    type('wis');
    expect((await screen.findByTestId('search-failed')).textContent).toBe('Search is not available just now. Try again in a moment.');
    failNext = { status: 422, body: { message: 'q must be at most 100 characters' } };
    type('wisb');
    expect((await screen.findByTestId('search-failed')).textContent).toBe('q must be at most 100 characters');
    // The next text searched answers again.
    type('wisbe');
    await screen.findByRole('listbox');
    expect(screen.queryByTestId('search-failed')).toBeNull();
  });

  it('leaves other Ctrl keys alone', async () => {
    renderBox();
    fireEvent.keyDown(window, { key: 'j', code: 'KeyJ', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
