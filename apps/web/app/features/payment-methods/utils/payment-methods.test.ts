import { describe, expect, it } from 'vitest';
import {
  addCard,
  DEFAULT_NOT_DELETABLE,
  FILL_ALL_FIELDS,
  parseStoredMethods,
  removeCard,
  sanitizeCardField,
  setDefault,
  toggleActive,
  validateCard,
  type CardInput,
} from './payment-methods';
import { paymentStatus } from './payment-status';

const visa: CardInput = { name: 'Ayşe Yılmaz', number: '4111111111111111', month: '12', year: '28', cvv: '123' };
const master: CardInput = { ...visa, number: '5500000000000004' };

describe('payment methods', () => {
  it('makes the first card the default and keeps only brand, last four, expiry and name', () => {
    const list = addCard([], visa, 'a', new Date('2025-01-01T00:00:00Z'));
    expect(list).toEqual([
      {
        id: 'a',
        type: 'card',
        name: 'Ayşe Yılmaz',
        lastFour: '1111',
        expiryDate: '12/28',
        brand: 'visa',
        isDefault: true,
        isActive: true,
        addedDate: '2025-01-01T00:00:00.000Z',
      },
    ]);
    const stored = JSON.stringify(list);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('"cvv"');
  });

  it('adds later cards as non-default', () => {
    const list = addCard(addCard([], visa, 'a'), master, 'b');
    expect(list.map((m) => [m.id, m.brand, m.isDefault])).toEqual([
      ['a', 'visa', true],
      ['b', 'mastercard', false],
    ]);
  });

  it('keeps exactly one default when another card is made default', () => {
    const list = setDefault(addCard(addCard([], visa, 'a'), master, 'b'), 'b');
    expect(list.filter((m) => m.isDefault).map((m) => m.id)).toEqual(['b']);
  });

  it('refuses to delete the default card and deletes the others', () => {
    const list = addCard(addCard([], visa, 'a'), master, 'b');
    expect(removeCard(list, 'a')).toEqual({ ok: false, message: DEFAULT_NOT_DELETABLE });
    const removed = removeCard(list, 'b');
    expect(removed.ok && removed.list.map((m) => m.id)).toEqual(['a']);
  });

  it('toggles a card between Aktif and Pasif', () => {
    const list = toggleActive(addCard([], visa, 'a'), 'a');
    expect(list[0]?.isActive).toBe(false);
    expect(toggleActive(list, 'a')[0]?.isActive).toBe(true);
  });

  it('requires every field', () => {
    expect(validateCard({ ...visa, cvv: '' })).toBe(FILL_ALL_FIELDS);
    expect(validateCard({ ...visa, name: '  ' })).toBe(FILL_ALL_FIELDS);
    expect(validateCard(visa)).toBeNull();
  });

  it('filters the number to 16 digits, month and year to 2 and the CVV to 4', () => {
    expect(sanitizeCardField('number', '4111 1111-1111 1111 99')).toBe('4111111111111111');
    expect(sanitizeCardField('month', '123')).toBe('12');
    expect(sanitizeCardField('year', 'a2b8c')).toBe('28');
    expect(sanitizeCardField('cvv', '12345')).toBe('1234');
  });

  it('reads stored methods defensively and restores a single default', () => {
    const parsed = parseStoredMethods([
      { id: 'a', name: 'A', lastFour: '1111', expiryDate: '12/28', brand: 'visa', isDefault: true },
      { id: 'b', name: 'B', lastFour: '2222', expiryDate: '01/29', brand: 'x', isDefault: true },
      { id: 'c', name: 'C', lastFour: '4111111111111111', expiryDate: '01/29' },
      'junk',
    ]);
    expect(parsed.map((m) => [m.id, m.brand, m.isDefault])).toEqual([
      ['a', 'visa', true],
      ['b', 'unknown', false],
    ]);
    expect(parseStoredMethods([{ id: 'z', name: 'Z', lastFour: '9999', expiryDate: '02/30' }])[0]?.isDefault).toBe(
      true,
    );
  });
});

describe('paymentStatus', () => {
  it('labels completed, pending, failed, refunded and anything else as unknown', () => {
    expect(['completed', 'pending', 'failed', 'refunded', 'chargeback'].map((s) => paymentStatus(s).label)).toEqual([
      'Tamamlandı',
      'Beklemede',
      'Başarısız',
      'İade edildi',
      'Bilinmiyor',
    ]);
  });
});
