import { describe, expect, it } from 'vitest';
import { highlightParts } from './search-highlight';

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks the typed prefix inside a word, keeping the original letters', () => {
    expect(highlightParts('Apple iPhone 15', 'iph')).toEqual([
      { text: 'Apple ', match: false },
      { text: 'iPh', match: true },
      { text: 'one 15', match: false },
    ]);
  });

  it('compares Turkish-folded both ways', () => {
    expect(marked('JBL Kablosuz Kulaklık', 'kulaklik')).toEqual(['Kulaklık']);
    expect(marked('Şarj Aleti', 'sarj')).toEqual(['Şarj']);
    expect(marked('İPHONE KILIF', 'ipho kılıf')).toEqual(['İPHO', 'KILIF']);
    expect(marked('Beyaz Eşya', 'BEYAZ ESYA')).toEqual(['Beyaz', 'Eşya']);
  });

  it('prefers word starts, and falls back to a match inside a word', () => {
    // "a" starts only "Air"; the "a"s inside other words stay plain.
    expect(marked('Samsung Galaxy Air', 'a')).toEqual(['A']);
    expect(marked('Apple iPhone 15', 'phone')).toEqual(['Phone']);
  });

  it('marks every word of the query and merges overlapping matches', () => {
    expect(marked('Samsung Galaxy S24 Ultra', 'galaxy samsung')).toEqual(['Samsung', 'Galaxy']);
    expect(marked('Galaxy', 'gal galax')).toEqual(['Galax']);
  });

  it('returns the text unmarked when nothing matches or the query is blank', () => {
    expect(highlightParts('Sony WH-1000XM5', 'bose')).toEqual([{ text: 'Sony WH-1000XM5', match: false }]);
    expect(highlightParts('Sony', '   ')).toEqual([{ text: 'Sony', match: false }]);
    expect(highlightParts('', 'sony')).toEqual([]);
  });

  it('keeps the text intact, characters outside the basic plane included', () => {
    const text = 'Kulaklık 🎧 Kulaklık';
    const parts = highlightParts(text, 'kulak');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.match)).toHaveLength(2);
  });
});
