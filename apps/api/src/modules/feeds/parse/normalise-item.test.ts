import { describe, expect, it } from 'vitest';
import {
  FEED_IMPORT_REJECTION_CODES,
  FEED_REJECTION_CODES,
  type FeedImportRejectionCode,
  type FeedRejectionCode,
} from '@kiyasla/contracts/feeds';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { isValidGtin, normaliseItem, rejectedEntry, type RawFeedItem } from './normalise-item';

const good: RawFeedItem = {
  sku: 'TS-1',
  price: '1.299,90',
  availability: 'in-stock',
  url: 'https://magaza.example/urun/1',
};

function rejection(raw: RawFeedItem) {
  const result = normaliseItem(raw);
  if (!('rejected' in result)) throw new Error(`not rejected: ${JSON.stringify(result)}`);
  return result;
}

/** One item per code that only that code's guard refuses. */
const cases: Record<Exclude<FeedRejectionCode, 'NOT_AN_OBJECT' | 'BAD_ROW' | FeedImportRejectionCode>, RawFeedItem> = {
  MISSING_SKU: { ...good, sku: '  ' },
  MISSING_PRICE: { ...good, price: undefined },
  BAD_PRICE: { ...good, price: 'on dokuz' },
  ZERO_PRICE: { ...good, price: '0,00' },
  NEGATIVE_PRICE: { ...good, price: -5 },
  PRICE_TOO_HIGH: { ...good, price: 20_000_000.01 },
  OTHER_CURRENCY: { ...good, price: '10 EUR' },
  BAD_ORIGINAL_PRICE: { ...good, originalPrice: 'yok' },
  MISSING_URL: { ...good, url: '' },
  BAD_URL: { ...good, url: 'javascript:alert(1)' },
  MISSING_AVAILABILITY: { ...good, availability: undefined },
  BAD_AVAILABILITY: { ...good, availability: 'belki' },
  BAD_GTIN: { ...good, gtin: '8690000000001' },
  BAD_PRODUCT_ID: { ...good, productId: '42' },
  BAD_SHIPPING: { ...good, shipping: { free: 'bazen' } },
  BAD_FIELD: { ...good, title: { tr: 'Başlık' } },
  FIELD_TOO_LONG: { ...good, title: 'x'.repeat(501) },
  BAD_CHARACTER: { ...good, title: 'Kulaklık\u0000' },
};

describe('normaliseItem', () => {
  it('keeps a complete item, normalised', () => {
    expect(
      normaliseItem({
        sku: ' TS-1 ',
        productId: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
        gtin: '8 690000 000005',
        brand: 'Apple',
        model: 'A2890',
        title: 'iPhone 15',
        price: '1.299,90',
        originalPrice: '1.499,90 TL',
        availability: 'In Stock',
        url: 'https://magaza.example/urun/1',
        shipping: { free: 'hayır', cost: '29,90', estimatedDays: '3' },
      }),
    ).toEqual({
      item: {
        sku: 'TS-1',
        productId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        gtin: '8690000000005',
        brand: 'Apple',
        model: 'A2890',
        title: 'iPhone 15',
        price: 1299.9,
        originalPrice: 1499.9,
        availability: 'in-stock',
        url: 'https://magaza.example/urun/1',
        shipping: { free: false, cost: 29.9, estimatedDays: 3 },
      },
    });
  });

  it.each(Object.entries(cases))('rejects with %s and keeps the sku for the report', (code, raw) => {
    const result = rejection(raw);
    expect(result.rejected.code).toBe(code);
    expect(result.rejected.message).toContain(feedMessages.rejections[code as FeedRejectionCode]);
    if (code !== 'MISSING_SKU') expect(result.sku).toBe('TS-1');
  });

  it('has a case for every item rejection code', () => {
    expect([...Object.keys(cases), 'NOT_AN_OBJECT', 'BAD_ROW', ...FEED_IMPORT_REJECTION_CODES].sort()).toEqual(
      [...FEED_REJECTION_CODES].sort(),
    );
  });

  it('names the field and shows the offending value', () => {
    expect(rejection({ ...good, price: '10 USD' }).rejected).toEqual({
      code: 'OTHER_CURRENCY',
      field: 'price',
      message: 'Fiyat Türk lirası (TRY) değil; yalnızca TRY fiyatlar kabul edilir. (alan: price)',
      raw: '10 USD',
    });
    expect(rejection({ ...good, url: 'x'.repeat(3000) }).rejected.raw).toHaveLength(201);
  });

  it('does not report a sku that is itself too long', () => {
    const result = rejection({ ...good, sku: 'x'.repeat(129) });
    expect(result.rejected.code).toBe('FIELD_TOO_LONG');
    expect(result.sku).toBeUndefined();
  });

  it('maps Google, catalogue and Turkish availability spellings', () => {
    const availability = (value: string) => {
      const result = normaliseItem({ ...good, availability: value });
      return 'item' in result ? result.item.availability : result.rejected.code;
    };
    expect(availability('in_stock')).toBe('in-stock');
    expect(availability('IN_STOCK')).toBe('in-stock');
    expect(availability('out_of_stock')).toBe('out-of-stock');
    expect(availability('preorder')).toBe('pre-order');
    expect(availability('backorder')).toBe('pre-order');
    expect(availability('limited')).toBe('limited');
    expect(availability('Stokta Yok')).toBe('out-of-stock');
    expect(availability('STOKTA')).toBe('in-stock');
    expect(availability('discontinued')).toBe('BAD_AVAILABILITY');
  });

  it('accepts http and https links only', () => {
    expect('item' in normaliseItem({ ...good, url: 'http://magaza.example/a' })).toBe(true);
    for (const url of ['ftp://magaza.example/a', 'magaza.example/a', 'https://', 'mailto:a@b.c']) {
      expect(rejection({ ...good, url }).rejected.code).toBe('BAD_URL');
    }
  });

  it('drops an original price that is no discount', () => {
    const result = normaliseItem({ ...good, originalPrice: '1.299,90' });
    expect('item' in result && result.item.originalPrice).toBe(undefined);
  });

  it('reads shipping: free flag, cost 0 as free, contradictions refused', () => {
    const shipping = (value: unknown) => {
      const result = normaliseItem({ ...good, shipping: value });
      return 'item' in result ? result.item.shipping : result.rejected.code;
    };
    expect(shipping({ free: true })).toEqual({ free: true, cost: 0 });
    expect(shipping({ free: 'evet', estimatedDays: 2 })).toEqual({ free: true, cost: 0, estimatedDays: 2 });
    expect(shipping({ cost: '0' })).toEqual({ free: true, cost: 0 });
    expect(shipping({ cost: 49.9 })).toEqual({ free: false, cost: 49.9 });
    expect(shipping({ free: false })).toEqual({ free: false });
    expect(shipping({})).toBeUndefined();
    expect(shipping({ free: true, cost: 10 })).toBe('BAD_SHIPPING');
    expect(shipping({ estimatedDays: 3 })).toBe('BAD_SHIPPING');
    expect(shipping({ free: false, estimatedDays: 2.5 })).toBe('BAD_SHIPPING');
    expect(shipping({ free: false, cost: '-1' })).toBe('BAD_SHIPPING');
    expect(shipping('free')).toBe('BAD_SHIPPING');
  });

  it('takes numeric skus and titles as text', () => {
    const result = normaliseItem({ ...good, sku: 12345, model: 15 });
    expect('item' in result && [result.item.sku, result.item.model]).toEqual(['12345', '15']);
  });
});

describe('isValidGtin', () => {
  it.each(['4006381333931', '8690000000005', '73513537', '036000291452', '10036000291459'])('accepts %s', (gtin) => {
    expect(isValidGtin(gtin)).toBe(true);
  });
  it.each(['4006381333932', '123', '40063813339310000', 'abcdefghijklm'])('refuses %s', (gtin) => {
    expect(isValidGtin(gtin)).toBe(false);
  });
});

describe('rejectedEntry', () => {
  it('carries the position and the raw value', () => {
    expect(rejectedEntry({ index: 3, line: 4 }, 'NOT_AN_OBJECT', 5)).toEqual({
      index: 3,
      line: 4,
      rejected: { code: 'NOT_AN_OBJECT', message: 'Ürün kaydı bir nesne değil.', raw: '5' },
    });
  });
});
