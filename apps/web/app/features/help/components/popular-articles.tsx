import { Eye, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { formatViews, popularArticles } from '../help-articles';
import { articleHref } from '../help-links';

export function PopularArticles() {
  const items = popularArticles();
  return (
    <section
      aria-labelledby="popular-articles-title"
      className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
    >
      <h2 id="popular-articles-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <TrendingUp className="size-5 text-primary" aria-hidden="true" />
        Popüler Makaleler
      </h2>
      <ol className="mt-4 divide-y divide-line">
        {items.map(({ category, article }, index) => (
          <li key={article.id}>
            <Link
              to={articleHref(category.slug, article.id)}
              className="group flex items-start gap-4 rounded-lg py-3.5 hover:bg-surface-2 sm:px-2"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary"
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink group-hover:text-primary">{article.title}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                  <span>{category.name}</span>
                  <span className="inline-flex items-center gap-1">
                    <Eye className="size-3.5" aria-hidden="true" />
                    {formatViews(article.views)}
                  </span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
