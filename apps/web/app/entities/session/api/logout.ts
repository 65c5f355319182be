import { apiRequest } from '~/lib/api-client';

/**
 * POST /auth/logout. The refresh token identifies the session even when the access token has
 * already expired; without one the access token is sent instead.
 */
export async function logout(tokens: { token: string | null; refreshToken: string | null }): Promise<void> {
  if (tokens.refreshToken) {
    await apiRequest('/auth/logout', { method: 'POST', json: { refreshToken: tokens.refreshToken }, auth: false });
  } else if (tokens.token) {
    await apiRequest('/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.token}` },
      auth: false,
    });
  }
}
