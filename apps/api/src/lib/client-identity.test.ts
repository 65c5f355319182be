import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

describe('the API rate limit and server-rendered pages', () => {
  const t = useTestApp({ config: { rateLimitMax: 3 } });

  const asPageOf = (ip: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/search?q=samsung',
      headers: { 'x-internal-token': t.app.internalToken, 'x-internal-client-ip': ip },
    });

  it('counts a page’s in-process calls for its shopper, each shopper on their own', async () => {
    for (let i = 0; i < 3; i++) expect((await asPageOf('198.51.100.20')).statusCode).toBe(200);
    const over = await asPageOf('198.51.100.20');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await asPageOf('198.51.100.21')).statusCode).toBe(200);
  });

  it('does not believe a shopper address sent without the internal token', async () => {
    const forged = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '203.0.113.50',
        headers: { 'x-internal-client-ip': ip },
      });
    for (let i = 0; i < 3; i++) expect((await forged(`192.0.2.${i}`)).statusCode).toBe(200);
    expect((await forged('192.0.2.200')).statusCode).toBe(429);
  });
});
