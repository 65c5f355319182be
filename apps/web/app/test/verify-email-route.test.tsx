import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '~/entities/session/auth-context';
import { createQueryClient } from '~/lib/query-client';
import VerifyEmailRoute, { clientLoader, headers, loader, meta } from '~/routes/verify-email';
import { jsonResponse, mockFetch } from './api-mock';

const fetchMock = mockFetch();

type LoaderArgs = Parameters<typeof loader>[0];
const load = (search: string) =>
  loader({
    request: new Request(`https://kiyasla.test/verify-email${search}`),
    context: {},
    params: {},
  } as unknown as LoaderArgs);

/** Answers POST /api/auth/verify-email with `status` and `body`; records the bodies sent. */
function serve(status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) !== '/api/auth/verify-email' || init?.method !== 'POST') return jsonResponse(404, {});
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status, headers: extraHeaders });
  });
  return sent;
}

describe('/verify-email route', () => {
  it('confirms the link on the server and renders the outcome in the HTML', async () => {
    const token = 'a'.repeat(43);
    const sent = serve(200, { success: true, data: { status: 'verified' }, message: 'E-posta adresiniz doğrulandı.' });
    const outcome = await load(`?token=${token}`);
    expect(sent).toEqual([{ token }]);
    expect(outcome).toEqual({ kind: 'verified', message: 'E-posta adresiniz doğrulandı.' });

    // A client-side navigation waits for the server's answer and the page's code (so it renders at once).
    type ClientArgs = Parameters<typeof clientLoader>[0];
    expect(await clientLoader({ serverLoader: async () => outcome } as unknown as ClientArgs)).toEqual(outcome);

    type RouteProps = Parameters<typeof VerifyEmailRoute>[0];
    const props = { loaderData: outcome } as unknown as RouteProps;
    const Stub = createRoutesStub([{ path: '/verify-email', Component: () => <VerifyEmailRoute {...props} /> }]);
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Stub initialEntries={[`/verify-email?token=${token}`]} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('E-posta adresiniz doğrulandı');
    expect(html).toContain('href="/"');
  });

  it.each([
    ['EMAIL_VERIFICATION_INVALID', 'invalid'],
    ['EMAIL_VERIFICATION_EXPIRED', 'expired'],
    ['EMAIL_VERIFICATION_SUPERSEDED', 'superseded'],
    ['EMAIL_VERIFICATION_EMAIL_CHANGED', 'email-changed'],
  ])('shows a refused link (%s) as %s with the server message', async (code, kind) => {
    serve(400, { success: false, code, message: `Türkçe: ${code}` });
    expect(await load(`?token=${'b'.repeat(43)}`)).toEqual({ kind, message: `Türkçe: ${code}` });
  });

  it('an address without a usable token is invalid without asking the server', async () => {
    serve(200, {});
    expect(await load('')).toMatchObject({ kind: 'invalid' });
    expect(await load('?token=kisa')).toMatchObject({ kind: 'invalid' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses the page as a whole when the rate limit refused the call (429)', async () => {
    serve(
      429,
      { success: false, code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız.' },
      { 'retry-after': '30' },
    );
    const thrown = await load(`?token=${'c'.repeat(43)}`).catch((reason: unknown) => reason);
    // React Router's `data(null, { status: 429 })`: the route's error boundary says 'Çok Fazla İstek'.
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(429);
  });

  it('is not indexed, leaks no token through the referrer and is never cached', () => {
    const tags = meta({} as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags).toContainEqual({ name: 'referrer', content: 'no-referrer' });
    expect(headers({} as Parameters<typeof headers>[0])).toEqual({ 'Cache-Control': 'no-store' });
  });
});
