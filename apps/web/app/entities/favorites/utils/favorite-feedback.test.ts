import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import {
  addFailureOutcome,
  clearFailureToast,
  removeFailureOutcome,
  removeItemFailureToast,
} from './favorite-feedback';

describe('favorite toggle failures (spec §8)', () => {
  it('403: Favori Limiti with the server message, or the premium hint without one', () => {
    const withMessage = addFailureOutcome(new ApiError(403, 'Favori limitinize ulaştınız (20/20).', 'FAVORITES_LIMIT'));
    expect(withMessage.toast).toMatchObject({
      title: 'Favori Limiti',
      message: 'Favori limitinize ulaştınız (20/20).',
    });
    const bare = addFailureOutcome(new ApiError(403, 'HTTP error! status: 403', 'HTTP_ERROR'));
    expect(bare.toast).toMatchObject({
      title: 'Favori Limiti',
      message: 'Premium abonelik alarak daha fazla ürün ekleyebilirsiniz.',
    });
  });

  it('401: Oturum Hatası, for adding and removing alike', () => {
    const expected = { title: 'Oturum Hatası', message: 'Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.' };
    expect(addFailureOutcome(new ApiError(401, 'x', 'UNAUTHORIZED')).toast).toMatchObject(expected);
    expect(removeFailureOutcome(new ApiError(401, 'x', 'UNAUTHORIZED')).toast).toMatchObject(expected);
  });

  it("400 'Product is already in favorites': marks it favorite and says so in Turkish", () => {
    const outcome = addFailureOutcome(new ApiError(400, 'Product is already in favorites', 'FAVORITE_EXISTS'));
    expect(outcome.kind).toBe('already-favorite');
    expect(outcome.toast).toMatchObject({ type: 'info', title: 'Ürün zaten favorilerinizde.' });
  });

  it('other add failures: the server message, else the add error; offline: try again', () => {
    expect(addFailureOutcome(new ApiError(404, 'Ürün bulunamadı', 'PRODUCT_NOT_FOUND')).toast.title).toBe(
      'Ürün bulunamadı',
    );
    expect(addFailureOutcome(new ApiError(500, 'HTTP error! status: 500', 'HTTP_ERROR')).toast.title).toBe(
      'Favorilere eklenirken bir hata oluştu.',
    );
    expect(addFailureOutcome(new ApiError(0, 'Bir hata oluştu', 'NETWORK_ERROR')).toast.title).toBe(
      'Bir hata oluştu. Lütfen tekrar deneyin.',
    );
  });

  it('remove failures: not a favorite any more is accepted; anything else is the remove error', () => {
    const gone = removeFailureOutcome(new ApiError(404, 'Bu ürün favorilerinizde değil.', 'FAVORITE_NOT_FOUND'));
    expect(gone.kind).toBe('not-favorite');
    expect(removeFailureOutcome(new ApiError(500, 'x', 'INTERNAL')).toast).toMatchObject({
      type: 'error',
      title: 'Favorilerden çıkarılırken bir hata oluştu.',
    });
  });
});

describe('favorites page failures (spec §8)', () => {
  const session = {
    type: 'error',
    title: 'Oturum Hatası',
    message: 'Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.',
  };

  it('remove: the session, nothing for a product already gone, else the page message', () => {
    expect(removeItemFailureToast(new ApiError(401, 'x', 'TOKEN_EXPIRED'))).toEqual(session);
    expect(
      removeItemFailureToast(new ApiError(404, 'Bu ürün favorilerinizde değil.', 'FAVORITE_NOT_FOUND')),
    ).toBeNull();
    expect(removeItemFailureToast(new ApiError(500, 'x', 'INTERNAL'))).toEqual({
      type: 'error',
      title: 'Favori kaldırılırken bir hata oluştu',
    });
  });

  it('clear: the session, else the page message', () => {
    expect(clearFailureToast(new ApiError(401, 'x', 'SESSION_REVOKED'))).toEqual(session);
    expect(clearFailureToast(new TypeError('offline'))).toEqual({
      type: 'error',
      title: 'Favoriler temizlenirken bir hata oluştu',
    });
  });
});
