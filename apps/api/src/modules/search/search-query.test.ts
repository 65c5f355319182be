import { describe, expect, it } from 'vitest';
import { parseQuery, prefixTsQuery } from './search-query';

describe('parseQuery', () => {
  it('folds Turkish letters and dotted/dotless i the same way on every spelling', () => {
    for (const q of ['IPHONE 16', 'ıphone 16', 'İPHONE 16', 'iPhone 16', 'Iphone-16']) {
      expect(parseQuery(q).tokens).toEqual(['iphone', '16']);
    }
    expect(parseQuery('Kulaklık').tokens).toEqual(['kulaklik']);
    expect(parseQuery('ŞARJ ALETİ').tokens).toEqual(['sarj', 'aleti']);
    expect(parseQuery('buzdolabı').tokens).toEqual(['buzdolabi']);
  });

  it('keeps a tr lower-case form for the search log and trims whitespace', () => {
    expect(parseQuery('  Şarj   Aleti ')).toMatchObject({ display: 'Şarj Aleti', normalized: 'şarj aleti' });
    expect(parseQuery('IŞIK').normalized).toBe('ışık');
  });

  it('drops SQL, regex and tsquery metacharacters', () => {
    expect(parseQuery("'; drop table products; --").tokens).toEqual(['drop', 'table', 'products']);
    expect(parseQuery('.*+?^${}()|[]\\ & | ! :*').tokens).toEqual([]);
    expect(parseQuery('%_').tokens).toEqual([]);
  });

  it('bounds the work done for huge queries', () => {
    const q = parseQuery('a'.repeat(1000) + ' ' + Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '));
    expect(q.display.length).toBeLessThanOrEqual(200);
    expect(q.tokens.length).toBeLessThanOrEqual(8);
    expect(q.tokens.every((t) => t.length <= 40)).toBe(true);
  });
});

describe('prefixTsQuery', () => {
  it('ANDs tokens and ORs alternatives, all as prefixes', () => {
    expect(prefixTsQuery([['samsung', 'samsun'], ['galaxy']])).toBe('(samsung:* | samsun:*) & galaxy:*');
    expect(prefixTsQuery([['s24'], [], ['ultra']])).toBe('s24:* & ultra:*');
  });
});
