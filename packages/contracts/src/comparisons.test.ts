import { describe, expect, it } from 'vitest';
import { createComparisonRequestSchema } from './comparisons';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

describe('a saved comparison shown to others', () => {
  it('loses bidirectional overrides and zero-width characters in its name, description and tags', () => {
    const parsed = createComparisonRequestSchema.parse({
      name: 'Telefon\u202Egpj.exe',
      description: 'Gizli\u200B\u200Dmetin\u2066',
      productIds: ids,
      tags: ['oyun\u200B', '\uFEFFkamera', '\u202Dsessiz'],
    });
    expect(parsed.name).toBe('Telefongpj.exe');
    expect(parsed.description).toBe('Gizlimetin');
    expect(parsed.tags).toEqual(['oyun', 'kamera', 'sessiz']);
  });

  it('refuses a name that is nothing but invisible characters', () => {
    expect(createComparisonRequestSchema.safeParse({ name: '\u202E\u200B', productIds: ids }).success).toBe(false);
  });
});
