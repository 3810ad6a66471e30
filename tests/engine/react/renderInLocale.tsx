import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRendererI18n } from '../../../engine/react';

/**
 * Renders `ui` inside an I18nextProvider for `locale`. The engine's renderer reads its texts through
 * its own i18next instance (not the app's), so every rendered StageForm needs the provider. The
 * instance is made once per call, so the returned `rerender` keeps it (and the wrapper).
 */
export function renderInLocale(ui: ReactElement, locale = 'en-GB', options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  const i18n = createRendererI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return render(ui, { ...options, wrapper });
}
