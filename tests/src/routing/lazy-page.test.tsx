// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../../src/routing/lazyPage';

afterEach(cleanup);

/** A page module whose load the test finishes when it chooses. */
function deferredPage(text: string) {
  let finish!: () => void;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  const Shown = () => {
    const [typed, setTyped] = useState('');
    return <input aria-label={text} value={typed} onChange={(e) => setTyped(e.target.value)} />;
  };
  return { load: () => loaded.then(() => ({ default: Shown })), finish };
}

describe('lazyPage', () => {
  it('renders a page whose code has already loaded in the first pass, with no fallback frame', async () => {
    const { load, finish } = deferredPage('Reports');
    const Page = lazyPage(load);
    const preloaded = Page.preload();
    finish();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously there: no act() wait, no "Loading" in between.
    expect(screen.getByLabelText('Reports')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback while the code loads, then the page, and never remounts it once the code is cached', async () => {
    const { load, finish } = deferredPage('Dashboard');
    const Page = lazyPage(load);
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => finish());
    const input = (await screen.findByLabelText('Dashboard')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'kept' } });
    // A re-render after the load (the code now cached) keeps the same page and its state.
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect((screen.getByLabelText('Dashboard') as HTMLInputElement).value).toBe('kept');
  });
});
