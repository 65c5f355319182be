import { PAGINATION_WINDOW } from '~/lib/ui-constants';

/**
 * The page numbers to show as buttons: at most `size` (5) consecutive pages, the current one
 * centred where possible and the window slid against either end. `page` is clamped to 1..pages.
 */
export function paginationWindow(page: number, pages: number, size: number = PAGINATION_WINDOW): number[] {
  if (pages < 1 || size < 1) return [];
  const current = Math.min(Math.max(1, Math.trunc(page)), pages);
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A requested page kept within 1..pages (page 1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || pages < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pages);
}
