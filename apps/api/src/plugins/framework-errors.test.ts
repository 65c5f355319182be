import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

const t = useTestApp();
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.app.close();
});

/** Sends raw bytes and returns the whole answer (the server closes the connection). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head!.split('\r\n');
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body!) as unknown };
}

describe('errors raised before the hooks run', () => {
  it('answers a URL the router cannot decode in the error format with security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%ff' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_URL' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers a 100 KB query string with 431 in the error format with security headers', async () => {
    const answer = parse(await raw(`GET /api/products?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE' });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a request Node cannot parse with 400 in the error format', async () => {
    const answer = parse(await raw('THIS IS NOT HTTP\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
