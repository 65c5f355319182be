import { ArrowRight, ChevronDown, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { formatViews, type HelpArticle } from '../help-articles';
import { articleAnchor } from '../help-links';
import { ArticleFeedback } from './article-feedback';

interface ArticleAccordionProps {
  articles: readonly HelpArticle[];
  openArticleId: string | null;
  onToggle: (articleId: string) => void;
}

/** Disclosure list of articles; the open article lives in the URL (`?makale=`). */
export function ArticleAccordion({ articles, openArticleId, onToggle }: ArticleAccordionProps) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      {articles.map((article) => {
        const open = article.id === openArticleId;
        const anchor = articleAnchor(article.id);
        const panelId = `${anchor}-icerik`;
        return (
          <li key={article.id} id={anchor} className="scroll-mt-32 lg:scroll-mt-24">
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(article.id)}
                className="flex w-full items-start gap-4 px-5 py-4 text-left transition hover:bg-surface-2 focus-visible:-outline-offset-2 sm:px-6"
              >
                <span className="min-w-0 flex-1">
                  <span className={`block font-semibold ${open ? 'text-primary' : 'text-ink'}`}>{article.title}</span>
                  <span className="mt-1 inline-flex items-center gap-1 text-xs text-muted">
                    <Eye className="size-3.5" aria-hidden="true" />
                    {formatViews(article.views)}
                  </span>
                </span>
                <ChevronDown
                  className={`mt-0.5 size-5 shrink-0 text-muted transition-transform ${open ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div id={panelId} role="region" aria-label={article.title} hidden={!open} className="px-5 pb-6 sm:px-6">
              <div className="space-y-3 text-[15px] leading-7 text-ink">
                {article.body.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              {article.action && (
                <Link
                  to={article.action.to}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                >
                  {article.action.label}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
              {open && <ArticleFeedback />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
