/**
 * What the page benches share in the browser: signing in on the built app, when a screen's first
 * content is painted, and each keystroke's time to the next paint. Used by bench/stage-page.ts and
 * bench/companies-page.ts (and read by bench/keystrokes.ts through `window.__stagebench`).
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __stagebench: { latencies: number[]; paint?: number; arm(): void };
  }
}

/**
 * An init script (Playwright init scripts run before the page's own scripts and are not subject to
 * its CSP): key event to next paint (from the keydown's timestamp to a task queued after the next
 * frame's rAF, as bench/renderer/main.tsx measures), and the time `selector` is first painted
 * (`arm()` starts watching again, e.g. before an in-app navigation).
 * A string, not a function: tsx would wrap inner functions in a `__name` helper the page lacks.
 */
export const paintRecorder = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const afterNextPaint = (done) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = done;
    ch.port2.postMessage(0);
  });
  const state = {
    latencies: [],
    arm() {
      state.paint = undefined;
      const seen = () => {
        if (!document.querySelector(selector)) return false;
        afterNextPaint(() => (state.paint = performance.now()));
        return true;
      };
      if (seen()) return;
      const observer = new MutationObserver(() => {
        if (seen()) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
  };
  window.__stagebench = state;
  window.addEventListener('keydown', (e) => {
    const start = e.timeStamp;
    afterNextPaint(() => state.latencies.push(performance.now() - start));
  }, true);
  state.arm();
})();`;

/** The time (performance.now of the page) the watched selector was first painted; `what` names it in the error. */
export async function waitForPaint(page: Page, what: string): Promise<number> {
  try {
    await page.waitForFunction(() => window.__stagebench?.paint !== undefined, undefined, { timeout: 60_000, polling: 50 });
  } catch (err) {
    // Say what the page shows instead: its address, title and the first inputs.
    const seen = await page.evaluate(() => ({ title: document.querySelector('h1')?.textContent, inputs: [...document.querySelectorAll('input')].slice(0, 8).map((i) => i.id || i.name) })).catch(() => null);
    throw new Error(`${what} never painted at ${page.url()}: ${JSON.stringify(seen)} (${(err as Error).message.split('\n')[0]})`);
  }
  return page.evaluate(() => window.__stagebench.paint!);
}

/** Signs in on the app's Login page at `url` as a demo user (the caller waits for where they land). */
export async function signInAt(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}
