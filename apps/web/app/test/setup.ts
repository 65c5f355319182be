/**
 * Set-up of every web test file (vitest.config.ts). `findBy…` and `waitFor` wait for a condition
 * and return as soon as it holds; their default of one second is shorter than a render can take
 * on a busy 2-core CI machine (a header waited 1,081 ms for its signed-in state there), so they
 * may wait up to `ASYNC_WAIT_MS`. A test that passes is no slower for it.
 */
import { configure } from '@testing-library/react';
import { ASYNC_WAIT_MS } from './async-wait';

configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
