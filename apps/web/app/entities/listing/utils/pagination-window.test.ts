import { describe, expect, it } from 'vitest';
import { clampPage, paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in a window of five', () => {
    expect(paginationWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(paginationWindow(4, 12)).toEqual([2, 3, 4, 5, 6]);
  });

  it('slides against the first and the last page', () => {
    expect(paginationWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(paginationWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('never shows more than five buttons or pages outside 1..pages', () => {
    for (let pages = 0; pages <= 30; pages++) {
      for (let page = -2; page <= pages + 2; page++) {
        const window = paginationWindow(page, pages);
        expect(window.length).toBe(Math.min(5, pages));
        for (const n of window) {
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(pages);
        }
        if (pages > 0) expect(window).toContain(clampPage(page, pages));
      }
    }
  });

  it('has no buttons without pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});

describe('clampPage', () => {
  it('keeps a page within 1..pages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });
});
