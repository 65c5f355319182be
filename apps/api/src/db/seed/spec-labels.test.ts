import { describe, expect, it } from 'vitest';
import { SPEC_LABELS } from '@kiyasla/contracts/catalog';
import { buildCatalog } from './build-catalog';

// The demo catalog is what the product pages, the comparison table and the filters show: every
// specification key it uses needs a Turkish label, or the page shows the raw English key.
const catalog = buildCatalog(new Date('2026-06-01T12:00:00Z'));
const seedKeys = [...new Set(catalog.products.flatMap((p) => Object.keys(p.specifications ?? {})))].sort();

describe('specification labels of the demo catalog', () => {
  it('has a Turkish label for every specification key of the seed products', () => {
    expect(seedKeys.length).toBeGreaterThan(26);
    expect(seedKeys.filter((key) => !Object.hasOwn(SPEC_LABELS, key))).toEqual([]);
  });

  it('labels are trimmed, non-empty and not the key itself', () => {
    for (const key of seedKeys) {
      const label = SPEC_LABELS[key] ?? '';
      expect(label, key).toBe(label.trim());
      expect(label, key).not.toBe('');
      // 'hdr' → 'HDR' is fine; 'hdr' → 'hdr' is the untranslated key.
      expect(label, key).not.toBe(key);
    }
  });
});
