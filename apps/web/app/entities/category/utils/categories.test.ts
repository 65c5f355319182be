import { describe, expect, it } from 'vitest';
import type { Category } from '@kiyasla/contracts/catalog';
import { testCategory } from '~/test/fixtures';
import { buildCategoryTree, categoryHref } from './categories';

const cat = (id: string, slug: string, parent: string | null, order: number): Category =>
  testCategory(id, slug, parent, { order });

describe('buildCategoryTree', () => {
  it('nests children under their parent and keeps the order', () => {
    const tree = buildCategoryTree([
      cat('3', 'ekonomik', '1', 2),
      cat('2', 'laptop', null, 2),
      cat('1', 'telefon', null, 1),
      cat('4', 'premium', '1', 1),
      cat('5', 'orphan', 'missing', 1),
    ]);
    expect(tree.map((n) => n.slug)).toEqual(['telefon', 'laptop']);
    expect(tree[0]?.children.map((n) => n.slug)).toEqual(['premium', 'ekonomik']);
  });
});

describe('categoryHref', () => {
  it('builds one- and two-level routes', () => {
    expect(categoryHref('telefon')).toBe('/category/telefon');
    expect(categoryHref('telefon', 'orta-segment')).toBe('/category/telefon/orta-segment');
  });
});
