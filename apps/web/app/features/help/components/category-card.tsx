import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { HelpCategory } from '../help-articles';
import { articleHref, categoryHref } from '../help-links';
import { categoryTone } from './category-tone';

interface CategoryCardProps {
  category: HelpCategory;
  /** Heading level of the card title, so the outline stays correct wherever the card sits. */
  headingLevel?: 'h2' | 'h3';
}

export function CategoryCard({ category, headingLevel: Heading = 'h3' }: CategoryCardProps) {
  const Icon = category.icon;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm transition hover:border-primary/40 hover:shadow-md">
      <div className="flex items-start gap-4">
        <span
          className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${categoryTone(category.slug)}`}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <Heading className="text-lg font-semibold text-ink">
            <Link to={categoryHref(category.slug)} className="hover:text-primary">
              {category.name}
            </Link>
          </Heading>
          <p className="mt-1 text-sm leading-6 text-muted">{category.description}</p>
        </div>
      </div>

      <ul className="mt-5 space-y-1 border-t border-line pt-4">
        {category.articles.map((article) => (
          <li key={article.id}>
            <Link
              to={articleHref(category.slug, article.id)}
              className="block rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-surface-2 hover:text-primary"
            >
              {article.title}
            </Link>
          </li>
        ))}
      </ul>

      <Link
        to={categoryHref(category.slug)}
        className="mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-primary hover:underline"
        aria-label={`${category.name}: tüm makaleler (${category.articles.length})`}
      >
        Tüm makaleler ({category.articles.length})
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}
