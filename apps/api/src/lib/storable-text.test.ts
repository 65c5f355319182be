import { describe, expect, it } from 'vitest';
import { hasUnstorableText, isStorableText, storableText } from './storable-text';

describe('storable text', () => {
  it('refuses U+0000 and lone surrogates, and keeps whole pairs (emoji) and ordinary text', () => {
    for (const bad of ['a\u0000b', 'x\ud800', '\udc00y', 'a\ud800b\udc00'])
      expect(isStorableText(bad), bad).toBe(false);
    for (const good of ['', 'Çağrı İşık ğüşöç', '👍 iyi', 'literal \\u0000 text', '\ud83d\udc4d']) {
      expect(isStorableText(good), good).toBe(true);
    }
    expect(storableText('a\u0000b\ud800c👍')).toBe('a\uFFFDb\uFFFDc👍');
  });

  it('walks every string of a parsed body, keys included, however deep', () => {
    expect(hasUnstorableText({ a: [1, { b: 'ok' }], c: null, d: true })).toBe(false);
    expect(hasUnstorableText({ a: [1, { b: 'x\ud800' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\u0000']: 1 })).toBe(true);
    let deep: unknown = 'son\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });
});
