import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@kiyasla/contracts/public-config';
import { publicConfigQuery } from '~/lib/public-config';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { SocialSignIn } from './social-sign-in';

const fetchMock = mockFetch();
isolateEachTest();

function renderSocial(auth: { googleClientId: string | null; facebookAppId: string | null }) {
  const handlers = { onStart: vi.fn(), onSignedIn: vi.fn(), onError: vi.fn() };
  renderWithProviders(<SocialSignIn context="signin" {...handlers} />, {
    router: false,
    seed: (client) =>
      client.setQueryData(publicConfigQuery().queryKey, {
        features: { enableSocialLogin: true },
        auth,
      } as unknown as PublicConfig),
  });
  return handlers;
}

afterEach(() => {
  delete window.FB;
});

describe('Facebook sign-in', () => {
  it('is hidden while Facebook sign-in is not configured', () => {
    renderSocial({ googleClientId: null, facebookAppId: null });
    expect(screen.queryByRole('button', { name: /Facebook/ })).toBeNull();
    expect(screen.queryByText('veya')).toBeNull();
  });

  it("hands the SDK's access token and user id to POST /auth/facebook and signs in", async () => {
    const user = testUser();
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/auth/facebook'
        ? jsonResponse(200, {
            success: true,
            data: { user, token: 'access', refreshToken: 'refresh-token-abcdefghij' },
          })
        : jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' }),
    );
    window.FB = {
      init: vi.fn(),
      login: (callback) => callback({ authResponse: { accessToken: 'fb-token', userID: '1234567890' } }),
    };
    const handlers = renderSocial({ googleClientId: null, facebookAppId: '987654321' });
    const button = await screen.findByRole('button', { name: 'Facebook ile Giriş Yap' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(handlers.onSignedIn).toHaveBeenCalledWith(user));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/facebook');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ accessToken: 'fb-token', userID: '1234567890' });
    expect(handlers.onStart).toHaveBeenCalled();
  });

  it('says Facebook sign-in failed when the dialog gives nothing back', async () => {
    window.FB = { init: vi.fn(), login: (callback) => callback({ authResponse: null }) };
    const handlers = renderSocial({ googleClientId: null, facebookAppId: '987654321' });
    const button = await screen.findByRole('button', { name: 'Facebook ile Giriş Yap' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(handlers.onError).toHaveBeenCalledWith('Facebook giriş başarısız oldu');
    expect(handlers.onSignedIn).not.toHaveBeenCalled();
  });
});
