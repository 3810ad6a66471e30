/**
 * Setup file of every project: records on each test what it cost and checked, for the summary
 * reporter (tests/support/summary-reporter.ts): the `expect` calls it made (issue 51: the number of
 * assertions run must not fall when tests are merged or moved) and the browser page loads it caused
 * (each about a second of CPU on CI's two cores: the browser suite's largest cost).
 */
import { afterEach, expect } from 'vitest';
import { takePageLoads } from './test-meta-counters';

declare module 'vitest' {
  interface TaskMeta {
    /** `expect` calls the test made, soft and polled ones included. */
    expects?: number;
    /** Documents loaded by the worker's browser during the test, its beforeEach hooks included. */
    pageLoads?: number;
  }
}

afterEach(({ task }) => {
  task.meta.expects = expect.getState().assertionCalls;
  task.meta.pageLoads = takePageLoads();
});
