import { describe, expect, it } from 'vitest';
import { loginHref, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows same-site paths with their query and hash', () => {
    expect(safeRedirect('/x')).toBe('/x');
    expect(safeRedirect('/profile?tab=premium#plan')).toBe('/profile?tab=premium#plan');
    expect(safeRedirect('/search?q=kulakl%C4%B1k')).toBe('/search?q=kulakl%C4%B1k');
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com'],
    ['http://evil.com/x'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['javascript:alert(1)'],
    ['/\tjavascript:alert(1)'],
    [' /x'],
    ['evil.com'],
    [''],
    // Dot segments that normalise into a protocol-relative path.
    ['/.//evil.example'],
    ['/./..//evil.example/x'],
    ['/a/..//evil.example'],
    ['/%2e//evil.example'],
  ])('rejects %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('uses the fallback for missing values and sign-in pages', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/profile')).toBe('/profile');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect('/register')).toBe('/');
  });
});

describe('loginHref', () => {
  it('links the login page with the way back', () => {
    expect(loginHref('/profile?tab=premium')).toBe('/login?redirect=%2Fprofile%3Ftab%3Dpremium');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('//evil.com')).toBe('/login');
  });
});
