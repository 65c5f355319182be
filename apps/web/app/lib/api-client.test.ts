import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, setUnauthorizedHandler } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client (browser)', () => {
  it('requests /api paths and returns data and pagination', async () => {
    const pagination = { page: 1, pages: 2, total: 12, limit: 8 };
    fetchMock.mockResolvedValue(json(200, { success: true, data: [{ a: 1 }], pagination }));
    const result = await apiRequest<Array<{ a: number }>>('/products?limit=8');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products?limit=8');
    expect(result).toEqual({ data: [{ a: 1 }], pagination });
  });

  it('hands back other top-level envelope fields as extras', async () => {
    const facets = { brands: [], stores: [], specs: [], price: null };
    fetchMock.mockResolvedValue(json(200, { success: true, data: [], facets }));
    const result = await apiRequest('/categories/telefon/products?facets=true');
    expect(result.extras).toEqual({ facets });
  });

  it('attaches the stored bearer token', async () => {
    window.localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(json(200, { success: true, data: null }));
    await apiGet('/auth/me');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: {} }));
    await apiRequest('/alerts', { method: 'POST', json: { targetPrice: 10 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"targetPrice":10}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws the server message and code', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, message: 'Ürün bulunamadı', code: 'PRODUCT_NOT_FOUND' }));
    const error = await apiGet('/products/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Ürün bulunamadı', code: 'PRODUCT_NOT_FOUND' });
  });

  it('falls back to "HTTP error! status: N" without a server message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/categories')).rejects.toMatchObject({ status: 502, message: 'HTTP error! status: 502' });
  });

  it('refreshes an expired token once and retries the call with the new one', async () => {
    window.localStorage.setItem('token', 'expired');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    window.localStorage.setItem('user', JSON.stringify({ _id: 'u1' }));
    const session = { token: 'fresh', refreshToken: 'refresh-2', user: { _id: 'u1' }, expiresAt: '' };
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/refresh') return json(200, { success: true, data: session });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer fresh'
        ? json(200, { success: true, data: { ok: 1 } })
        : json(401, { success: false, message: 'Oturum süreniz dolmuş.', code: 'TOKEN_EXPIRED' });
    });
    const [a, b] = await Promise.all([apiGet('/favorites'), apiGet('/alerts')]);
    expect(a).toEqual({ ok: 1 });
    expect(b).toEqual({ ok: 1 });
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.[1]?.body).toBe('{"refreshToken":"refresh-1"}');
    expect(new Headers(refreshCalls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(window.localStorage.getItem('token')).toBe('fresh');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('signs out silently and tells the handler when the refresh is refused', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    window.localStorage.setItem('token', 'expired');
    window.localStorage.setItem('refreshToken', 'stolen');
    window.localStorage.setItem('user', JSON.stringify({ _id: 'u1' }));
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/refresh'
        ? json(401, { success: false, message: 'Oturum sonlandırıldı', code: 'REFRESH_REUSED' })
        : json(401, { success: false, message: 'Oturum süresi doldu', code: 'TOKEN_EXPIRED' }),
    );
    await expect(apiGet('/favorites')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('does not refresh when wrong credentials answer 401 or no token was sent', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Giriş başarısız', code: 'INVALID_CREDENTIALS' }));
    await expect(apiRequest('/auth/login', { method: 'POST', json: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Giriş başarısız',
    });
    await expect(apiGet('/favorites')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns a network failure into an ApiError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiGet('/categories')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
