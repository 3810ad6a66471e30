import { useEffect, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { loadStageValidators } from '../engine';
import { storyI18n, storyTheme, STORY_LOCALES } from '../stories/support/providers';

/** i18n (the toolbar's locale) and the MUI theme around every story. */
function Providers({ locale, children }: { locale: string; children: ReactNode }) {
  useEffect(() => {
    if (storyI18n.language !== locale) void storyI18n.changeLanguage(locale);
  }, [locale]);
  return (
    <I18nextProvider i18n={storyI18n}>
      <ThemeProvider theme={storyTheme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </I18nextProvider>
  );
}

const withProviders: Decorator = (Story, context) => (
  <Providers locale={(context.globals.locale as string | undefined) ?? 'en-GB'}>
    <Story />
  </Providers>
);

const preview: Preview = {
  decorators: [withProviders],
  // Stage forms validate with the stages' precompiled validators, which the app loads per page.
  loaders: [async () => ({ stageValidators: await loadStageValidators() })],
  globalTypes: {
    locale: {
      description: 'Locale of labels and messages',
      toolbar: { title: 'Locale', icon: 'globe', items: [...STORY_LOCALES], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en-GB' },
  parameters: {
    layout: 'padded',
    // The same rules the browser test holds every story to: WCAG 2.1 A and AA.
    a11y: { options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } } },
  },
};

export default preview;
