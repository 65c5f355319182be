import type { Page } from 'playwright-core';

/** The count a listing or search results page announces: "94 ürün bulundu" → 94. */
export async function resultCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^[\d.]+ ürün bulundu$/)
    .first()
    .innerText();
  return Number(text.replace(/\D/g, ''));
}
