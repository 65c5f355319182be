/** Category helpers shared by the layout (category bar, footer, mobile menu) and pages. */
import type { Category, CategoryNode } from '@kiyasla/contracts/catalog';

const byOrder = (a: Category, b: Category) => a.order - b.order || a.name.localeCompare(b.name, 'tr');

/** Flat `GET /categories` list → top-level nodes (parent null) with their children, in `order`. */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const category of categories) nodes.set(category._id, { ...category, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else if (node.parent === null) roots.push(node);
  }
  const sortDeep = (list: CategoryNode[]) => {
    list.sort(byOrder);
    for (const node of list) sortDeep(node.children);
  };
  sortDeep(roots);
  return roots;
}

export function categoryHref(slug: string, childSlug?: string): string {
  return childSlug
    ? `/category/${encodeURIComponent(slug)}/${encodeURIComponent(childSlug)}`
    : `/category/${encodeURIComponent(slug)}`;
}
