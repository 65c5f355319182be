import type { AdminCategory } from '@kiyasla/contracts/admin-categories';
import type { AdminCategoryRow } from './admin-categories.repo';

export function presentAdminCategory(row: AdminCategoryRow): AdminCategory {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    icon: row.icon,
    parent: row.parentId ? { _id: row.parentId, name: row.parentName ?? '' } : null,
    isActive: row.isActive,
    order: row.sortOrder,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    productCount: Number(row.productCount),
    childCount: Number(row.childCount),
    createdAt: row.createdAt.toISOString(),
  };
}
