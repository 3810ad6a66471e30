// Renders every story (Storybook's own composition of args, decorators and preview) so none can
// break silently: a thrown error or any console.error fails the story's test. The quick loop's
// check (`npm run test:quick`, no build): `npm test` leaves it out, since the Storybook
// accessibility test (tests/e2e/storybook-a11y.test.ts) renders every built story in Chromium and
// fails on the same errors, and checks that every stage has its story.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react';
import preview from '../../.storybook/preview';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('every story renders without an error', () => {
  for (const [file, mod] of Object.entries(modules)) {
    const stories = Object.entries(composeStories(mod)) as [string, ComponentType & { args?: Record<string, unknown> }][];
    it.each(stories)(`${file.replace('../../stories/', '')} %s`, async (_name, Story) => {
      const errors: unknown[][] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
      const { container } = render(<Story />);
      // Let effects, lazy state and the first validation timers settle inside act.
      await act(async () => {
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(errors.map((e) => e.map(String).join(' '))).toEqual([]);
      expect(container.textContent?.length ?? 0).toBeGreaterThan(0);
    });
  }
});
