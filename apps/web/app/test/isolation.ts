/**
 * What every component test starts from: empty browser storage (or a signed-in user), no toasts
 * left over, and nothing rendered from the previous test.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { User } from '@kiyasla/contracts/user';
import { resetToasts } from '~/lib/toast';
import { storeSession } from './api-mock';

export function isolateEachTest({ signedIn }: { signedIn?: User } = {}): void {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (signedIn) storeSession(signedIn);
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    resetToasts();
  });
}
