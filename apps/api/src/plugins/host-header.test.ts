import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { isValidHostHeader } from './host-header';

describe('isValidHostHeader', () => {
  it.each(['localhost', 'localhost:3000', 'kiyasla.com', 'www.kiyasla.com.tr', '127.0.0.1:80', '[::1]', '[::1]:3000'])(
    'accepts %j',
    (host) => expect(isValidHostHeader(host)).toBe(true),
  );
  it.each([
    '',
    'a b',
    'evil"><x',
    ':99999',
    'localhost:99999',
    'localhost:0',
    '[::1',
    'user@host',
    'host/path',
    'a..b',
  ])('refuses %j', (host) => expect(isValidHostHeader(host)).toBe(false));
});

describe('a request with a malformed Host header', () => {
  const t = useTestApp();

  it.each(['a b', 'evil"><x', ':99999', '[::1', 'user@host'])('answers 400 BAD_HOST for %j', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_HOST' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is served with a well-formed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'kiyasla.example:8080' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('Strict-Transport-Security', () => {
  const t = useTestApp({ config: { trustProxy: true } });

  it('is sent over HTTPS (here a trusted proxy says so) and not over plain HTTP', async () => {
    const secure = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });
});
