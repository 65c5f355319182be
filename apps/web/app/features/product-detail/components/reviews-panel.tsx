import { useId, useRef, useState } from 'react';
import { MessageSquareText, RotateCw, Star, ThumbsUp } from 'lucide-react';
import clsx from 'clsx';
import type { Review, ReviewSummary } from '@kiyasla/contracts/catalog';
import { REVIEW_SORTS } from '@kiyasla/contracts/catalog-constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { Pagination } from '~/entities/listing/components/pagination';
import { buttonClasses } from '~/components/ui/button-styles';
import { RatingStars } from '~/components/ui/rating-stars';
import { Skeleton } from '~/components/ui/skeleton';
import { formatNumber, formatRating } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { REVIEW_SORT_LABELS, type ReviewSort } from '@kiyasla/contracts/catalog-constants';
import { useProductReviews } from '../api/get-product-reviews';

const STARS = [5, 4, 3, 2, 1] as const;

function SummaryCard({ summary }: { summary: ReviewSummary }) {
  const total = summary.count;
  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-extrabold tracking-tight text-ink">{formatRating(summary.average)}</p>
        <div>
          <RatingStars rating={summary.average} size="md" />
          <p className="mt-1 text-sm text-muted">{formatNumber(total)} değerlendirme</p>
        </div>
      </div>
      <ul className="mt-5 space-y-2" aria-label="Puan dağılımı">
        {STARS.map((star) => {
          const count = summary.distribution[String(star)] ?? 0;
          const pct = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={star} className="flex items-center gap-3 text-sm">
              <span className="flex w-8 shrink-0 items-center gap-0.5 font-medium text-ink">
                {star}
                <Star aria-hidden="true" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-muted tabular-nums">{formatNumber(count)}</span>
              <span className="sr-only">
                {star} yıldız: {count} değerlendirme (%{pct})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="py-5 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary"
          >
            {review.authorName.charAt(0).toLocaleUpperCase('tr-TR')}
          </span>
          <div>
            <p className="text-sm font-semibold text-ink">{review.authorName}</p>
            <p className="text-xs text-muted">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          </div>
        </div>
        <RatingStars rating={review.rating} />
      </div>
      {review.title && <h3 className="mt-3 font-semibold text-ink">{review.title}</h3>}
      {review.comment && <p className="mt-1 text-sm leading-6 text-muted">{review.comment}</p>}
      {review.helpfulCount > 0 && (
        <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-muted">
          <ThumbsUp aria-hidden="true" className="h-3.5 w-3.5" />
          {formatNumber(review.helpfulCount)} kişi faydalı buldu
        </p>
      )}
    </li>
  );
}

/** Yorumlar: summary with the distribution, sort, star filter, the reviews and their pages. */
export function ReviewsPanel({ productId }: { productId: string }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [rating, setRating] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const listTop = useRef<HTMLDivElement>(null);
  const sortId = useId();
  const query = useProductReviews({ productId, page, sort, rating });
  const data = query.data;

  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  if (query.isError && !data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-line px-6 py-10 text-center"
      >
        <p className="font-medium text-ink">{catalogMessages.dataLoadError}</p>
        <button type="button" onClick={() => void query.refetch()} className={buttonClasses('outline', 'sm')}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          Tekrar Dene
        </button>
      </div>
    );
  }

  if (!data) {
    return (
      <div role="status" aria-label="Yorumlar yükleniyor" className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <Skeleton className="h-64 rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    );
  }

  if (data.summary.count === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
        <MessageSquareText aria-hidden="true" className="h-8 w-8 text-muted" />
        <p className="font-semibold text-ink">Henüz yorum yapılmamış</p>
        <p className="text-sm text-muted">Bu ürünü ilk değerlendiren siz olun.</p>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-8">
      <div className="lg:sticky lg:top-4 lg:self-start">
        <SummaryCard summary={data.summary} />
      </div>

      <div ref={listTop} className="min-w-0 scroll-mt-32 space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label="Puana göre filtrele" className="flex flex-wrap gap-1 sm:gap-1.5">
            <button
              type="button"
              aria-pressed={rating === null}
              onClick={() => {
                setRating(null);
                setPage(1);
              }}
              className={clsx(
                'h-9 rounded-full border px-3 text-sm font-semibold transition-colors sm:px-3.5',
                rating === null
                  ? 'border-primary bg-primary text-primary-ink'
                  : 'border-line bg-surface text-ink hover:border-primary',
              )}
            >
              Tümü
            </button>
            {STARS.map((star) => (
              <button
                key={star}
                type="button"
                aria-pressed={rating === star}
                aria-label={`${star} yıldız`}
                onClick={() => {
                  setRating(rating === star ? null : star);
                  setPage(1);
                }}
                className={clsx(
                  'inline-flex h-9 items-center gap-1 rounded-full border px-2.5 text-sm font-semibold transition-colors sm:px-3',
                  rating === star
                    ? 'border-primary bg-primary text-primary-ink'
                    : 'border-line bg-surface text-ink hover:border-primary',
                )}
              >
                {star}
                <Star
                  aria-hidden="true"
                  className={clsx('h-3.5 w-3.5', rating === star ? 'fill-current' : 'fill-amber-400 text-amber-400')}
                />
              </button>
            ))}
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium text-muted">
              Sırala
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ReviewSort);
                setPage(1);
              }}
              className="h-9 rounded-lg border border-line bg-surface pr-8 pl-3 text-sm font-medium text-ink"
            >
              {REVIEW_SORTS.map((key) => (
                <option key={key} value={key}>
                  {REVIEW_SORT_LABELS[key]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div aria-busy={query.isPlaceholderData} className={clsx(query.isPlaceholderData && 'opacity-60')}>
          {data.reviews.length > 0 ? (
            <ul className="divide-y divide-line">
              {data.reviews.map((review) => (
                <ReviewItem key={review._id} review={review} />
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-muted">
              {rating !== null ? `${rating} yıldızlı yorum bulunmuyor.` : 'Henüz yorum yapılmamış.'}
            </p>
          )}
        </div>

        <Pagination
          label="Yorum sayfaları"
          page={data.pagination.page}
          pages={data.pagination.pages}
          onPageChange={changePage}
        />
      </div>
    </div>
  );
}
