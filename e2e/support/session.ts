import { expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated } from './browser';

/**
 * Fills the sign-in form the page shows and submits it, once the form is hydrated (what happens
 * next is the test's business). A submit before hydration is the browser's own form post, which
 * the server refuses here: the test's origin (localhost) is not the server's configured one.
 */
export async function signInWithForm(page: Page, email: string, password: string) {
  await hydrated(page.getByRole('button', { name: 'Giriş Yap', exact: true }));
  await page.getByRole('textbox', { name: 'E-posta', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Şifre', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

export interface Session {
  token: string;
  refreshToken: string;
  user: { _id: string; firstName: string };
}

/**
 * Signs in through the API and stores the session as the web app keeps it (localStorage), for
 * every page the context opens from now on.
 */
export async function signInThroughApi(context: BrowserContext, email: string, password: string): Promise<Session> {
  const res = await fetch(`${inject('baseURL')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const session = ((await res.json()) as { data: Session }).data;
  await context.addInitScript((s: Session) => {
    if (window.localStorage.getItem('token')) return;
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('refreshToken', s.refreshToken);
    window.localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  return session;
}
