import { describe, expect, it } from 'vitest';
import type { User } from '@kiyasla/contracts/user';
import type { PublicConfig } from '@kiyasla/contracts/public-config';
import { parseSaveForm, saveBlocker, savedComparisonLimit } from './save-comparison-form';

const base = { name: 'Telefonlar', description: '', tags: '', isPublic: false };

describe('save dialog fields', () => {
  it('splits tags on commas, trims them and drops empties and repeats', () => {
    const result = parseSaveForm({ ...base, tags: ' telefon, ,kamera ,, Telefon,bütçe  ' });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Telefonlar', description: null, tags: ['telefon', 'kamera', 'bütçe'], isPublic: false },
    });
  });

  it('requires a name that is not blank', () => {
    expect(parseSaveForm({ ...base, name: '   ' })).toEqual({
      ok: false,
      errors: { name: 'Karşılaştırma adı gereklidir' },
    });
  });

  it('trims the name and description and keeps the public flag', () => {
    const result = parseSaveForm({ name: '  Oyun  ', description: '  hızlı olanlar ', tags: '', isPublic: true });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Oyun', description: 'hızlı olanlar', tags: [], isPublic: true },
    });
  });

  it('refuses an over-long tag with the contract message', () => {
    const result = parseSaveForm({ ...base, tags: 'a'.repeat(31) });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.tags).toBe('Bir etiket en fazla 30 karakter olabilir');
  });
});

describe('before the dialog opens (spec §5)', () => {
  const ok = { signedIn: true, productCount: 3, savedCount: 1, limit: 3 };

  it('asks visitors to sign in first', () => {
    expect(saveBlocker({ ...ok, signedIn: false })).toBe('Karşılaştırma kaydetmek için giriş yapmalısınız');
  });

  it('needs at least 2 products', () => {
    expect(saveBlocker({ ...ok, productCount: 1 })).toBe('En az 2 ürün seçmelisiniz');
  });

  it('stops at the plan limit with the count, and lets unlimited plans through', () => {
    expect(saveBlocker({ ...ok, savedCount: 3 })).toBe(
      'Karşılaştırma limitinize ulaştınız (3/3). Aboneliğinizi yükseltin.',
    );
    expect(saveBlocker({ ...ok, savedCount: 40, limit: null })).toBeNull();
    expect(saveBlocker(ok)).toBeNull();
  });
});

describe('saved comparisons per plan', () => {
  const user = (plan: User['subscription']['plan'], isPremium: boolean) =>
    ({ isPremium, subscription: { plan } }) as User;

  it('free 3, monthly 10, yearly and lifetime unlimited; a lapsed plan counts as free', () => {
    expect(savedComparisonLimit(user('free', false))).toBe(3);
    expect(savedComparisonLimit(user('monthly-premium', true))).toBe(10);
    expect(savedComparisonLimit(user('yearly-premium', true))).toBeNull();
    expect(savedComparisonLimit(user('lifetime-premium', true))).toBeNull();
    expect(savedComparisonLimit(user('monthly-premium', false))).toBe(3);
  });

  it('follows the published configuration when there is one', () => {
    const config = { limits: { savedComparisons: { free: 5, 'monthly-premium': 12 } } } as unknown as PublicConfig;
    expect(savedComparisonLimit(user('free', false), config)).toBe(5);
    expect(savedComparisonLimit(user('monthly-premium', true), config)).toBe(12);
  });
});
