import { describe, expect, inject, it } from 'vitest';

const baseURL = inject('baseURL');

/*
 * The sign-in, registration, password and contact pages are server-rendered and their code
 * arrives after the first paint (ADR 011). A form sent before then must not travel as a GET: the
 * e-mail address, a password or a message would land in the address bar, the history and the
 * server logs. Each form is method="post", and its route answers such a POST by bringing the
 * visitor back to the page (303), sending nothing on.
 */
const PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=0123456789abcdef0123456789abcdef',
  '/contact',
];

describe('forms sent before their code has arrived', () => {
  for (const path of PAGES) {
    it(`${path}: the server's form is method="post" and a POST comes back to the page`, async () => {
      const html = await (await fetch(baseURL + path)).text();
      // The page's own form, in its main region (the header's search box is a GET form of its own).
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const own = [...main.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
      expect(own.length, main.slice(0, 500)).toBeGreaterThan(0);
      for (const tag of own) expect(tag).toMatch(/method="post"/);

      const res = await fetch(baseURL + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'ayse@example.com', password: 'Gizli#2025', message: 'Merhaba' }).toString(),
      });
      expect(res.status).toBe(303);
      expect(
        new URL(res.headers.get('location')!, baseURL).pathname + new URL(res.headers.get('location')!, baseURL).search,
      ).toBe(path);
    });
  }
});
