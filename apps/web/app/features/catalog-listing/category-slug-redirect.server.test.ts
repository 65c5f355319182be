import { describe, expect, it } from 'vitest';
import { foldCategorySlug, foldedCategoryPath } from './category-slug-redirect.server';

const categories = [
  { _id: '1', slug: 'telefon', parent: null },
  { _id: '2', slug: 'premium', parent: '1' },
  { _id: '3', slug: 'kulaklik', parent: null },
  { _id: '4', slug: 'beyaz-esya', parent: null },
  { _id: '5', slug: 'camasir-makinesi', parent: '4' },
  { _id: '6', slug: 'is', parent: '7' },
  { _id: '7', slug: 'laptop', parent: null },
];

describe('foldCategorySlug', () => {
  it('transliterates Turkish letters, lower-cases the Turkish way and trims', () => {
    expect(foldCategorySlug('kulaklık')).toBe('kulaklik');
    expect(foldCategorySlug('KULAKLIK ')).toBe('kulaklik');
    expect(foldCategorySlug('Beyaz-Eşya')).toBe('beyaz-esya');
    expect(foldCategorySlug('ÇAMAŞIR-MAKİNESİ')).toBe('camasir-makinesi');
    expect(foldCategorySlug('İş')).toBe('is');
    expect(foldCategorySlug('güğüöç')).toBe('guguoc');
  });
});

describe('foldedCategoryPath', () => {
  it('finds the category and subcategory the slugs fold to', () => {
    expect(foldedCategoryPath(categories, 'kulaklık', undefined)).toBe('/category/kulaklik');
    expect(foldedCategoryPath(categories, 'telefon ', 'premium ')).toBe('/category/telefon/premium');
    expect(foldedCategoryPath(categories, 'beyaz-eşya', 'çamaşır-makinesi')).toBe(
      '/category/beyaz-esya/camasir-makinesi',
    );
    expect(foldedCategoryPath(categories, 'laptop', 'İş')).toBe('/category/laptop/is');
  });

  it('finds nothing for what does not fold to a category', () => {
    expect(foldedCategoryPath(categories, 'a_b', undefined)).toBeNull();
    expect(foldedCategoryPath(categories, 'a.b', undefined)).toBeNull();
    expect(foldedCategoryPath(categories, 'premium', undefined)).toBeNull(); // a subcategory only
    expect(foldedCategoryPath(categories, 'kulaklık', 'premium')).toBeNull(); // another parent's
    expect(foldedCategoryPath(categories, 'telefon', 'a_b')).toBeNull();
  });
});
