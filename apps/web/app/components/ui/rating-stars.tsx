import { Star } from 'lucide-react';
import clsx from 'clsx';
import { formatNumber, formatRating } from '~/lib/format';

interface RatingStarsProps {
  rating: number;
  count?: number;
  size?: 'sm' | 'md';
  className?: string;
}

/** Five stars filled to the rating (to the nearest half), with the numeric value and count. */
export function RatingStars({ rating, count, size = 'sm', className }: RatingStarsProps) {
  const value = Math.max(0, Math.min(5, rating));
  const rounded = Math.round(value * 2) / 2;
  const px = size === 'sm' ? 14 : 18;
  const label =
    count === undefined
      ? `5 üzerinden ${formatRating(value)} puan`
      : `5 üzerinden ${formatRating(value)} puan, ${formatNumber(count)} değerlendirme`;
  return (
    <div className={clsx('flex items-center gap-1.5', className)}>
      <span role="img" aria-label={label} className="flex items-center">
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = Math.max(0, Math.min(1, rounded - i));
          return (
            <span key={i} className="relative inline-block" style={{ width: px, height: px }}>
              <Star
                aria-hidden="true"
                width={px}
                height={px}
                className="absolute inset-0 text-line"
                fill="currentColor"
                strokeWidth={0}
              />
              {fill > 0 && (
                <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <Star
                    aria-hidden="true"
                    width={px}
                    height={px}
                    className="text-amber-400"
                    fill="currentColor"
                    strokeWidth={0}
                  />
                </span>
              )}
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className={clsx('text-muted', size === 'sm' ? 'text-xs' : 'text-sm')}>
        <span className="font-semibold text-ink">{formatRating(value)}</span>
        {count !== undefined && <> ({formatNumber(count)})</>}
      </span>
    </div>
  );
}
