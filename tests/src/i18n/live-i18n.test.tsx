// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import { useState } from 'react';
import { CoreAdminContext, memoryStore, useTranslate } from 'ra-core';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveI18nContext } from '../../../src/i18n/LiveI18nContext';

/** A react-admin style component: its text comes from useTranslate, its input from local state. */
function Draft() {
  const translate = useTranslate();
  const [name, setName] = useState('');
  return (
    <label>
      {translate('ra.action.save')}
      <input aria-label="name" value={name} onChange={(e) => setName(e.target.value)} />
    </label>
  );
}

async function setup(live: boolean) {
  const instance = i18next.createInstance();
  const provider = await getI18nProvider(instance, {
    lng: 'en-GB',
    showSupportNotice: false,
    resources: {
      'en-GB': { translation: { ra: { action: { save: 'Save' } } } },
      'fr-FR': { translation: { ra: { action: { save: 'Enregistrer' } } } },
    },
  });
  const tree = <Draft />;
  render(
    <CoreAdminContext i18nProvider={provider} store={memoryStore()}>
      {live ? <LiveI18nContext>{tree}</LiveI18nContext> : tree}
    </CoreAdminContext>,
  );
  await screen.findByText('Save');
  fireEvent.change(screen.getByLabelText(/name/i), { target: { value: 'Half typed' } });
  await act(() => provider.changeLocale('fr-FR'));
}

describe('LiveI18nContext', () => {
  afterEach(cleanup);

  it("re-renders react-admin's translated texts on a language change and keeps what was typed", async () => {
    await setup(true);
    await screen.findByText('Enregistrer');
    expect((screen.getByLabelText(/enregistrer/i) as HTMLInputElement).value).toBe('Half typed');
  });

  it('is what makes the texts follow: without it they stay in the old language', async () => {
    await setup(false);
    expect(screen.queryByText('Enregistrer')).toBeNull();
    expect(screen.getByText('Save')).toBeTruthy();
  });
});
