// Renders every story (Storybook's own composition of args, decorators and preview) so none can
// break silently: a thrown error or any console.error fails the story's test.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react';
import preview from '../../.storybook/preview';
import { stageCatalogue } from '../../engine';

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

describe('stage stories', () => {
  it('has a story for every stage of the catalogue', () => {
    const mod = Object.entries(modules).find(([file]) => file.endsWith('stages/Stages.stories.tsx'))?.[1];
    expect(mod).toBeDefined();
    const stories = Object.values(composeStories(mod!)) as { args?: { slug?: string } }[];
    const slugs = stories.map((s) => s.args?.slug);
    const missing = stageCatalogue.map((s) => s.slug).filter((slug) => !slugs.includes(slug));
    expect(missing).toEqual([]);
  });
});
