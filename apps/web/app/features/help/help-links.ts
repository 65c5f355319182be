/** URLs of the help centre's views, kept in the query string so they can be shared. */
export function categoryHref(slug: string): string {
  return `/help?kategori=${encodeURIComponent(slug)}`;
}

export function articleHref(categorySlug: string, articleId: string): string {
  return `${categoryHref(categorySlug)}&makale=${encodeURIComponent(articleId)}#${articleAnchor(articleId)}`;
}

export function articleAnchor(articleId: string): string {
  return `makale-${articleId}`;
}
