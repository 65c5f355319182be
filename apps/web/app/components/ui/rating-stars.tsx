import { useId } from 'react';
import clsx from 'clsx';
import { formatNumber, formatRating } from '~/lib/format';

interface RatingStarsProps {
  rating: number;
  count?: number;
  size?: 'sm' | 'md';
  className?: string;
}

/** lucide's `star` (24 × 24), drawn filled. */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const STARS = [0, 1, 2, 3, 4];

/**
 * Five stars filled to the rating (to the nearest half), with the numeric value and count.
 *
 * One SVG: the star is defined once and used five times in grey, then five times in amber clipped
 * to the rating's width. Five separate icons with an overlay each made a listing card carry 6 KB
 * of markup for its stars (a fifth of a category page's HTML) and thirty elements to hydrate.
 */
export function RatingStars({ rating, count, size = 'sm', className }: RatingStarsProps) {
  const value = Math.max(0, Math.min(5, rating));
  const rounded = Math.round(value * 2) / 2;
  const px = size === 'sm' ? 14 : 18;
  const id = useId().replace(/[^\w-]/g, '');
  const label =
    count === undefined
      ? `5 üzerinden ${formatRating(value)} puan`
      : `5 üzerinden ${formatRating(value)} puan, ${formatNumber(count)} değerlendirme`;
  const stars = STARS.map((i) => <use key={i} href={`#star-${id}`} x={i * 24} />);
  return (
    <div className={clsx('flex items-center gap-1.5', className)}>
      <span role="img" aria-label={label} className="flex items-center">
        <svg aria-hidden="true" width={px * 5} height={px} viewBox="0 0 120 24" className="block">
          <defs>
            <path id={`star-${id}`} d={STAR_PATH} />
            <clipPath id={`star-fill-${id}`}>
              <rect width={rounded * 24} height={24} />
            </clipPath>
          </defs>
          <g className="text-line" fill="currentColor">
            {stars}
          </g>
          {rounded > 0 && (
            <g className="text-amber-400" fill="currentColor" clipPath={`url(#star-fill-${id})`}>
              {stars}
            </g>
          )}
        </svg>
      </span>
      <span aria-hidden="true" className={clsx('text-muted', size === 'sm' ? 'text-xs' : 'text-sm')}>
        <span className="font-semibold text-ink">{formatRating(value)}</span>
        {count !== undefined && <> ({formatNumber(count)})</>}
      </span>
    </div>
  );
}
