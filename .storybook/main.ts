import type { StorybookConfig } from '@storybook/react-vite';

// Storybook 10 on Vite: every widget, field and stage of the renderer (stories/).
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Designers see each story's accessibility findings (axe-core, as tests/e2e/storybook-a11y.test.ts
  // checks them) in the Accessibility panel while they work.
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true },
  // The app's Vite config is shared; stories need nothing more than a modern target.
  viteFinal: async (config) => ({
    ...config,
    build: { ...config.build, target: 'es2022', chunkSizeWarningLimit: 5000 },
  }),
};

export default config;
