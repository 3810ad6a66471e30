// @vitest-environment jsdom
/**
 * The company switcher in the top bar (issue 54): shown to a dealer who belongs to two companies,
 * offering their own companies only (no search of others), and hidden for a dealer of one company
 * (spec section 6: "Company search is hidden when a user belongs to a single company"); staff keep
 * the company search. Choosing a company asks the server to make it the current one and opens the
 * dashboard.
 */
import { readFileSync } from 'node:fs';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyChoice, CurrentUserResponse, SessionUser } from '../../../src/auth/types';
import { CompanySwitcher } from '../../../src/layout/CompanySwitcher';
import { session } from '../../../src/session/session';
import { INITIAL_SESSION, type SessionState } from '../../../src/session/state';
import { theme } from '../../../src/theme';

// The portal's theme, as the app builds it (react-admin passes its options to createTheme).
const portal = createTheme(theme as Parameters<typeof createTheme>[0]);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const dealer: SessionUser = { id: 40, name: 'Cooper Ryan', email: 'cooper.ryan@gold-coast-prestige.example', roles: [{ id: 1, name: 'Client', permissions: [{ id: 1, name: 'view configs' }] }] };
const staff: SessionUser = { id: 2, name: 'Pat Manager', email: 'pm@demo.test', roles: [{ id: 3, name: 'Project Manager', permissions: [{ id: 5, name: 'view companies' }] }] };
const goldCoast: CompanyChoice = { id: 20, name: 'Gold Coast Prestige' };
const hunter: CompanyChoice = { id: 22, name: 'Hunter Valley Motors' };

/** The switcher in the top bar of a signed-in session, in English, at `/configs`. */
function shown(user: SessionUser, companies: CompanyChoice[]) {
  const state: SessionState = { ...INITIAL_SESSION, status: 'authenticated', user, company: companies[0] ?? null, companies, expiresAt: Date.now() + 60_000 };
  vi.spyOn(session, 'getState').mockReturnValue(state);
  const texts = i18next.createInstance();
  const dashboardTexts = JSON.parse(readFileSync('locales/en-GB/dashboard.json', 'utf8')) as Record<string, unknown>;
  void texts.init({ initAsync: false, lng: 'en-GB', resources: { 'en-GB': { dashboard: dashboardTexts } }, interpolation: { escapeValue: false } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={portal}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={texts}>
          <MemoryRouter initialEntries={['/configs']}>
            <CompanySwitcher />
            <Routes>
              <Route path="/dashboard" element={<p data-testid="at">dashboard</p>} />
              <Route path="*" element={<p data-testid="at">elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the company switcher', () => {
  it('shows for a dealer of two companies, offering their two companies and no search', () => {
    shown(dealer, [goldCoast, hunter]);
    expect(screen.getByTestId('company-switcher')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Switch company' });
    expect(select.textContent).toBe('Gold Coast Prestige');
    fireEvent.mouseDown(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Gold Coast Prestige', 'Hunter Valley Motors']);
    // Their own companies only: no search box of other companies.
    expect(screen.queryByPlaceholderText('Go to a company…')).toBeNull();
  });

  it('is hidden for a dealer of one company', () => {
    shown(dealer, [goldCoast]);
    expect(screen.queryByTestId('company-switcher')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('keeps the company search for staff, who belong to no company', () => {
    shown(staff, []);
    expect(screen.getByTestId('company-switcher')).toBeTruthy();
    expect(screen.getByPlaceholderText('Go to a company…')).toBeTruthy();
  });

  it('choosing the other company makes it the current one on the server, then opens the dashboard', async () => {
    const answer: CurrentUserResponse = { user: dealer, company: { id: hunter.id, name: hunter.name }, companies: [goldCoast, hunter] };
    const switched = vi.spyOn(session, 'switchCompany').mockResolvedValue(answer);
    shown(dealer, [goldCoast, hunter]);
    expect(screen.getByTestId('at').textContent).toBe('elsewhere');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Switch company' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Hunter Valley Motors' }));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('dashboard'));
    expect(switched).toHaveBeenCalledWith(hunter.id);
  });
});
