import { describe, expect, it } from 'vitest';
import { capitaliseSlug, categoryName, subcategoryName } from './category-names';

describe('category names', () => {
  it('prefers the API name, then the slug map, then the capitalised slug', () => {
    expect(categoryName('telefon', 'Cep Telefonu')).toBe('Cep Telefonu');
    expect(categoryName('beyaz-esya')).toBe('Beyaz Eşya');
    expect(categoryName('kulaklik', null)).toBe('Kulaklık');
    expect(categoryName('akilli-saat')).toBe('Akilli Saat');
  });

  it('names subcategories from the map of their parent', () => {
    expect(subcategoryName('telefon', 'gaming')).toBe('Oyuncu Telefonları');
    expect(subcategoryName('laptop', 'gaming')).toBe('Oyuncu Laptopları');
    expect(subcategoryName('laptop', 'is')).toBe('İş Laptopları');
    expect(subcategoryName('tablet', 'cocuk')).toBe('Cocuk');
  });

  it('capitalises with Turkish rules', () => {
    expect(capitaliseSlug('izgara')).toBe('İzgara');
  });
});
