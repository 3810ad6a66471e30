import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import configAdmin from '../../../../../locales/en-GB/configAdmin.json';

/** Renders `ui` with the editor's UK English texts (configAdmin), as the page has them. */
export function renderInEnglish(ui: ReactElement): RenderResult {
  const i18n = i18next.createInstance();
  void i18n.init({ initAsync: false, showSupportNotice: false, lng: 'en-GB', resources: { 'en-GB': { configAdmin } }, ns: ['configAdmin'], defaultNS: 'configAdmin', interpolation: { escapeValue: false } });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
