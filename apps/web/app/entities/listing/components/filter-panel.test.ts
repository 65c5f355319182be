import { describe, expect, it } from 'vitest';
import { orderFacetValues } from './filter-panel';
import { parsePriceInput, sliderCeiling } from './price-range-filter';

const facet = (value: string) => ({ value, label: value, count: 1 });

describe('filter panel helpers', () => {
  it('orders measured values numerically (1 TB after 512 GB)', () => {
    const values = ['1 TB', '64 GB', '128 GB', '512 GB'].map(facet);
    expect(orderFacetValues(values).map((v) => v.value)).toEqual(['64 GB', '128 GB', '512 GB', '1 TB']);
  });

  it('keeps the server order when some values are not numbers', () => {
    const values = ['iOS 18', 'Android 14', 'HarmonyOS'].map(facet);
    expect(orderFacetValues(values)).toBe(values);
  });

  it('parses price inputs to whole lira, blank as 0', () => {
    expect(parsePriceInput('')).toBe(0);
    expect(parsePriceInput('  ')).toBe(0);
    expect(parsePriceInput('1500')).toBe(1500);
    expect(parsePriceInput('1500.75')).toBe(1500);
    expect(parsePriceInput('-20')).toBe(0);
    expect(parsePriceInput('abc')).toBe(0);
  });

  it('rounds the slider end up to a tidy number', () => {
    expect(sliderCeiling(132325)).toBe(140000);
    expect(sliderCeiling(4543)).toBe(4600);
    expect(sliderCeiling(100000)).toBe(100000);
    expect(sliderCeiling(0)).toBe(100);
  });
});
