import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { HELP_CATEGORIES, type HelpCategory } from '../help-articles';
import { categoryHref } from '../help-links';
import { ArticleAccordion } from './article-accordion';
import { categoryTone } from './category-tone';
import { SupportContactBox } from './support-contact-box';

interface CategoryDetailProps {
  category: HelpCategory;
  openArticleId: string | null;
  onToggleArticle: (articleId: string) => void;
}

export function CategoryDetail({ category, openArticleId, onToggleArticle }: CategoryDetailProps) {
  const Icon = category.icon;
  return (
    <div>
      <nav aria-label="Sayfa konumu" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-muted">
          <li>
            <Link to="/help" className="hover:text-primary hover:underline">
              Yardım Merkezi
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <span aria-current="page" className="font-medium text-ink">
              {category.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="help-category-title">
          <div className="flex items-start gap-4">
            <span
              className={`inline-flex size-14 shrink-0 items-center justify-center rounded-2xl ${categoryTone(category.slug)}`}
            >
              <Icon className="size-7" aria-hidden="true" />
            </span>
            <div>
              <h2 id="help-category-title" className="text-2xl font-bold text-ink">
                {category.name}
              </h2>
              <p className="mt-1 text-muted">{category.description}</p>
              <p className="mt-1 text-sm text-muted">{category.articles.length} makale</p>
            </div>
          </div>

          <div className="mt-6">
            <ArticleAccordion articles={category.articles} openArticleId={openArticleId} onToggle={onToggleArticle} />
          </div>

          <Link
            to="/help"
            className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Tüm kategorilere dön
          </Link>
        </section>

        <div className="space-y-6">
          <nav
            aria-labelledby="other-categories-title"
            className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
          >
            <h2 id="other-categories-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
              Kategoriler
            </h2>
            <ul className="mt-3 space-y-1">
              {HELP_CATEGORIES.map((item) => {
                const ItemIcon = item.icon;
                const current = item.slug === category.slug;
                return (
                  <li key={item.slug}>
                    <Link
                      to={categoryHref(item.slug)}
                      aria-current={current ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                        current ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-surface-2'
                      }`}
                    >
                      <ItemIcon className="size-4 shrink-0" aria-hidden="true" />
                      {item.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <SupportContactBox />
        </div>
      </div>
    </div>
  );
}
