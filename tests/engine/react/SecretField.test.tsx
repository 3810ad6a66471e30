// @vitest-environment jsdom
// A secret field (`"secret": true`, here an export feed's password) in the form: a stored secret
// arrives as "set" and shows as an empty password input with a "Saved" placeholder; typing replaces
// it, and emptying the input again sends "set" back (the server keeps the stored secret).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { StageForm } from '../../../engine/react';
import { renderInLocale } from './renderInLocale';

afterEach(cleanup);

type Doc = Record<string, Record<string, unknown>>;
const feed = (password: string) => ({
  exportFeeds: [{ id: 'ef001', export: 'AutoTrader', label: 'AutoTrader', email: 'stock@demo-motors.test', username: 'demomotors', password, locationTags: ['l1'], dealerIds: '10042' }],
});

async function renderFeeds(password: string, lng = 'en-GB') {
  const docs: Doc[] = [];
  const doc: Doc = { locations: { locations: [{ id: 'l1', name: 'Leeds', franchises: [] }] }, 'export-feeds': feed(password) };
  renderInLocale(<StageForm slug="export-feeds" doc={doc} onChange={(d) => docs.push(d as Doc)} />, lng);
  // The accordion opens its first feed (and mounts only the open one).
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="password"]');
    if (!found) throw new Error('the password input is not shown yet');
    return found;
  });
  const password0 = () => (docs.at(-1)?.['export-feeds'].exportFeeds as { password?: string }[])[0].password;
  return { input, password0 };
}

describe('a secret field', () => {
  it('shows a stored secret as saved, never as text, and keeps it when emptied', async () => {
    const { input, password0 } = await renderFeeds('set');
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Saved: leave blank to keep it');
    fireEvent.change(input, { target: { value: 'New-portal-pass-3' } });
    expect(password0()).toBe('New-portal-pass-3');
    fireEvent.change(input, { target: { value: '' } });
    expect(password0()).toBe('set');
    expect(input.placeholder).toBe('Saved: leave blank to keep it');
  });

  it('has no placeholder while nothing is stored, and says "saved" in the form language', async () => {
    expect((await renderFeeds('')).input.placeholder).toBe('');
    cleanup();
    expect((await renderFeeds('set', 'fr-FR')).input.placeholder).toBe('Enregistré : laissez vide pour le conserver');
  });
});
