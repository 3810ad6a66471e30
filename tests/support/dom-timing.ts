/**
 * jsdom tests wait up to 10 s for what a user waits for (testing-library's findBy and waitFor; its
 * default is 1 s). A save's round trip and the render after it took over a second while browser
 * tests loaded both cores of CI (the notification preferences' "saved" status: not found in 1 s,
 * found in 0.3 s on a quiet machine). A test that waits for something that never comes still fails.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
