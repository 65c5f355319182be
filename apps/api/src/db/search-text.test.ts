import { describe, expect, it } from 'vitest';
import { buildProductSearchText } from './search-text';

describe('buildProductSearchText', () => {
  it('folds Turkish letters and drops repeated words', () => {
    expect(
      buildProductSearchText({
        name: 'Sony WH-1000XM5 Kablosuz Kulaklık',
        brand: 'Sony',
        model: 'WH-1000XM5',
        categoryNames: ['Kulaklık', 'Kablosuz'],
      }),
    ).toBe('sony wh-1000xm5 kablosuz kulaklik');
  });

  it('handles the dotted and dotless I of Turkish', () => {
    expect(buildProductSearchText({ name: 'İPHONE ŞARJ IŞIK', brand: 'Apple' })).toBe('iphone sarj isik apple');
  });
});
