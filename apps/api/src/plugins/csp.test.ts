import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { cspNonce, PERMISSIONS_POLICY } from './csp';
import { cspViolations } from './csp-report';

/** `script-src` and the other directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const nonceOf = (scriptSrc: string[] | undefined) =>
  scriptSrc?.find((v) => v.startsWith("'nonce-"))?.slice("'nonce-".length, -1);

describe('Content-Security-Policy', () => {
  const t = useTestApp({
    beforeReady: (app) => {
      // What a page served by an API route (a checkout page, say) does with the helper.
      app.get('/test-only/page', async (_req, reply) => {
        const nonce = cspNonce(reply);
        return reply.type('text/html').send(`<!doctype html><script nonce="${nonce}">1</script>`);
      });
    },
  });

  it('allows no inline script without the nonce, and no eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    const scriptSrc = csp.get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(nonceOf(scriptSrc)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('loads images only from this site, data/blob URLs and the social sign-in photo hosts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = directives(res.headers['content-security-policy']).get('img-src') ?? [];
    expect(imgSrc).not.toContain('https:');
    expect(imgSrc).not.toContain('*');
    expect(imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.googleusercontent.com',
      'https://*.fbsbx.com',
      'https://*.fbcdn.net',
    ]);
  });

  it("lets the Facebook sign-in SDK load and a form post to Shopier's payment page, and nothing else out", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toContain('https://connect.facebook.net');
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://accounts.google.com',
      'https://www.facebook.com',
      'https://web.facebook.com',
    ]);
    expect(csp.get('form-action')).toEqual(["'self'", new URL(t.app.config.payments.shopierPaymentUrl).origin]);
  });

  it('gives every response a nonce of its own', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      seen.add(nonceOf(directives(res.headers['content-security-policy']).get('script-src'))!);
    }
    expect(seen.size).toBe(20);
  });

  it('hands server-rendered HTML the nonce of its own header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-only/page' });
    const nonce = nonceOf(directives(res.headers['content-security-policy']).get('script-src'));
    expect(res.body).toContain(`<script nonce="${nonce}">`);
  });

  it('sends reports to /api/csp-report, by report-uri and by the Reporting API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('report-uri')).toEqual(['/api/csp-report']);
    expect(csp.get('report-to')).toEqual(['csp']);
    expect(res.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
  });
});

describe('Permissions-Policy', () => {
  const t = useTestApp();

  it('switches off camera, microphone and geolocation and keeps payment to this site', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    const features = PERMISSIONS_POLICY.split(', ');
    expect(features).toEqual(
      expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)']),
    );
  });

  it('is on a refused request too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'a b' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});

describe('POST /api/csp-report', () => {
  const t = useTestApp({ config: { rateLimitMax: 1000 } });
  const report = {
    'csp-report': {
      'document-uri': 'http://127.0.0.1/urun/x',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'line-number': 12,
    },
  };

  it('accepts a report-uri report and answers 204', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(res.statusCode).toBe(204);
  });

  it('accepts a Reporting API batch', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'http://x/', effectiveDirective: 'img-src', blockedURL: 'https://evil/' },
        },
      ]),
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a body that is not JSON in the error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('is rate-limited per client, with Retry-After', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        remoteAddress: '203.0.113.77',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report),
      });
    for (let i = 0; i < 30; i += 1) expect((await send()).statusCode).toBe(204);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('cspViolations', () => {
  it('reads both report formats and ignores other reports', () => {
    expect(
      cspViolations([
        { type: 'deprecation', body: {} },
        { type: 'csp-violation', body: { documentURL: 'http://x/', effectiveDirective: 'img-src', blockedURL: 'b' } },
      ]),
    ).toEqual([{ documentUri: 'http://x/', blockedUri: 'b', directive: 'img-src' }]);
    expect(cspViolations({ 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'inline' } })).toEqual([
      { documentUri: '', blockedUri: 'inline', directive: 'script-src' },
    ]);
    expect(cspViolations('x')).toEqual([]);
  });

  it('cuts long fields', () => {
    const [v] = cspViolations({ 'csp-report': { 'violated-directive': 'x', 'blocked-uri': 'a'.repeat(5000) } });
    expect(v!.blockedUri.length).toBeLessThan(310);
  });
});
