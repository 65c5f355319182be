import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { HouseAd } from './house-ad';

const fetchMock = mockFetch();
isolateEachTest();

function answerMe(isPremium: boolean) {
  const user = testUser({ isPremium });
  storeSession(user);
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/auth/me'
      ? jsonResponse(200, { success: true, data: user })
      : jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' }),
  );
}

describe('house-ad slot', () => {
  it('is shown to a visitor and a free member, never to a premium member', async () => {
    const { unmount } = renderWithProviders(<HouseAd placement="listing" />);
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Reklam' })).toBeTruthy());
    unmount();

    answerMe(false);
    const free = renderWithProviders(<HouseAd placement="product" />);
    await waitFor(() => expect(screen.getByText('Fiyat düştüğünde ilk siz haberdar olun')).toBeTruthy());
    free.unmount();

    answerMe(true);
    renderWithProviders(<HouseAd placement="listing" />);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Reklam' })).toBeNull());
    // The next server render leaves it out: the hint cookie follows the account.
    await waitFor(() => expect(document.cookie).toContain('kiyasla_premium=1'));
  });
});
