import { describe, expect, inject, it } from 'vitest';
import { hydrated, newPage, useBrowser } from './support/browser';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe("the footer's price bulletin box", () => {
  it('takes a visitor to registration with the typed address filled in', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/');
    const box = page.getByRole('contentinfo').getByRole('textbox', { name: 'E-posta adresiniz' });
    // Typed once the footer is hydrated: before, the box is inert.
    await hydrated(box);
    await box.fill('bulten.okuru@example.com');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Abone Ol' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(new URL(page.url()).searchParams.get('email')).toBe('bulten.okuru@example.com');
    await page.getByText('Fiyat bülteni üyelerimize gönderilir').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByRole('textbox', { name: /^E-posta/ })
          .inputValue(),
      )
      .toBe('bulten.okuru@example.com');
    await page.context().close();
  });
});
