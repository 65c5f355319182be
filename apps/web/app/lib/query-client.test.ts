import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { createQueryClient, errorToast, type ErrorToastMeta } from './query-client';
import { getToasts, resetToasts } from './toast';

/** Runs a mutation that fails with `error` through the app's client, as a screen would. */
async function failWith(error: Error, meta?: { errorToast?: ErrorToastMeta }) {
  const client = createQueryClient();
  const observer = new MutationObserver(client, {
    mutationFn: () => Promise.reject(error),
    ...(meta ? { meta } : {}),
  });
  await observer.mutate().catch(() => undefined);
  return getToasts().map(({ type, title, message }) => ({ type, title, message }));
}

const refused = new ApiError(409, 'Bu e-posta adresi zaten kayıtlı.', 'EMAIL_TAKEN');

afterEach(resetToasts);

describe('failed mutations become toasts in one place', () => {
  it("shows the server's Turkish message by default, 'Bir hata oluştu' without one", async () => {
    expect(await failWith(refused)).toEqual([
      { type: 'error', title: 'Bu e-posta adresi zaten kayıtlı.', message: undefined },
    ]);
    resetToasts();
    expect(await failWith(new TypeError('Failed to fetch'))).toEqual([
      { type: 'error', title: 'Bir hata oluştu', message: undefined },
    ]);
  });

  it("titles the toast as the screen asks, with the server's message or the fallback under it", async () => {
    const meta = { errorToast: { title: 'Hesabınız silinemedi', fallback: 'Lütfen tekrar deneyin.' } };
    expect(await failWith(refused, meta)).toEqual([
      { type: 'error', title: 'Hesabınız silinemedi', message: 'Bu e-posta adresi zaten kayıtlı.' },
    ]);
    resetToasts();
    expect(await failWith(new TypeError('offline'), meta)).toEqual([
      { type: 'error', title: 'Hesabınız silinemedi', message: 'Lütfen tekrar deneyin.' },
    ]);
  });

  it('shows only the title of a fixed message, and nothing when the screen opts out', async () => {
    expect(await failWith(refused, { errorToast: { title: 'Karşılaştırma yüklenemedi' } })).toEqual([
      { type: 'error', title: 'Karşılaştırma yüklenemedi', message: undefined },
    ]);
    resetToasts();
    expect(await failWith(refused, { errorToast: false })).toEqual([]);
  });

  it('lets a mapping of the specification choose the toast, or none', async () => {
    const mapping = (error: Error) =>
      error instanceof ApiError && error.status === 401 ? null : { type: 'warning' as const, title: 'Dikkat' };
    expect(await failWith(refused, { errorToast: mapping })).toEqual([
      { type: 'warning', title: 'Dikkat', message: undefined },
    ]);
    resetToasts();
    expect(await failWith(new ApiError(401, 'x', 'TOKEN_EXPIRED'), { errorToast: mapping })).toEqual([]);
  });
});

describe('errorToast', () => {
  it('builds the same toast for callers outside a mutation', () => {
    expect(errorToast(refused, { title: 'Kaydedilemedi', fallback: '' })).toEqual({
      type: 'error',
      title: 'Kaydedilemedi',
      message: 'Bu e-posta adresi zaten kayıtlı.',
    });
  });
});
