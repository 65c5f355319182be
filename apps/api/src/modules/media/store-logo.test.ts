import { describe, expect, it } from 'vitest';
import { renderStoreLogo, storeInitials } from './store-logo';

describe('storeInitials', () => {
  it('takes the first letters of two words, Turkish letters included', () => {
    expect(storeInitials('Hızlı Mağaza')).toBe('HM');
    expect(storeInitials('Dijital Çarşı')).toBe('DÇ');
    expect(storeInitials('Ev&Yaşam')).toBe('EY');
    expect(storeInitials('MegaStore TR')).toBe('MT');
  });

  it('uses the capitals of a single camel-cased word', () => {
    expect(storeInitials('TeknoPazar')).toBe('TP');
    expect(storeInitials('ModaSepeti')).toBe('MS');
  });

  it('upper-cases with Turkish rules', () => {
    expect(storeInitials('ilke işler')).toBe('İİ');
    expect(storeInitials('istanbul')).toBe('İS');
  });
});

describe('renderStoreLogo', () => {
  it('is deterministic and coloured by slug', () => {
    const a = renderStoreLogo({ name: 'TeknoPazar', slug: 'teknopazar' });
    expect(renderStoreLogo({ name: 'TeknoPazar', slug: 'teknopazar' })).toBe(a);
    expect(renderStoreLogo({ name: 'TeknoPazar', slug: 'baska-magaza' })).not.toBe(a);
  });

  it('escapes the store name', () => {
    const svg = renderStoreLogo({ name: 'A<b>&"c"', slug: 'abc' });
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('A&lt;b&gt;&amp;&quot;c&quot;');
  });
});
