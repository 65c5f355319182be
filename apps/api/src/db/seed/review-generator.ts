import type { NewReviewRow } from '../schema/index';
import {
  REVIEW_CLOSERS,
  REVIEW_PHRASES,
  REVIEW_TITLES,
  REVIEWER_FIRST_NAMES,
  REVIEWER_LAST_INITIALS,
} from './catalog/reviews';
import type { Rng } from './prng';

const DAY_MS = 86_400_000;

/**
 * 0–12 reviews for a product. Each product gets a "true quality" and ratings scatter around it,
 * so averages range from mediocre to excellent; the text matches the stars. A few reviews wait
 * for moderation (is_approved = false) so the admin dashboard has pending items.
 */
export function generateReviews(
  rng: Rng,
  now: Date,
  productId: string,
  categorySlug: string,
  featured: boolean,
  releaseDate: string,
): NewReviewRow[] {
  const count = featured ? rng.int(8, 12) : rng.pick([0, 1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 12]);
  const quality = rng.float(3.3, 4.8);
  const earliest = Math.max(Date.parse(releaseDate), now.getTime() - 540 * DAY_MS);
  const phrases = REVIEW_PHRASES[categorySlug] ?? { good: [], bad: [] };
  const reviews: NewReviewRow[] = [];

  for (let i = 0; i < count; i++) {
    const rating = Math.max(1, Math.min(5, Math.round(rng.normal(quality, 0.9))));
    reviews.push({
      id: rng.uuid(),
      productId,
      userId: null,
      authorName: `${rng.pick(REVIEWER_FIRST_NAMES)} ${rng.pick(REVIEWER_LAST_INITIALS)}.`,
      rating,
      title: rng.pick(REVIEW_TITLES[rating] ?? ['Değerlendirme']),
      comment: reviewText(rng, rating, phrases),
      helpfulCount: Math.max(0, Math.floor(Math.exp(rng.float(0, 3.6))) - 1),
      isApproved: rng.chance(0.96),
      createdAt: new Date(rng.int(earliest, now.getTime() - DAY_MS)),
    });
  }
  return reviews;
}

function reviewText(rng: Rng, rating: number, phrases: { good: string[]; bad: string[] }): string {
  const parts: string[] = [];
  if (rating >= 3 && phrases.good.length > 0) parts.push(...rng.sample(phrases.good, rating >= 4 ? 2 : 1));
  if (rating <= 4 && phrases.bad.length > 0) parts.push(...rng.sample(phrases.bad, rating <= 2 ? 2 : 1));
  parts.push(rng.pick(REVIEW_CLOSERS[rating] ?? ['']));
  return parts.filter(Boolean).join(' ');
}

/** average_rating / ratings_count as the product page shows them: approved reviews only. */
export function summariseRatings(reviews: NewReviewRow[]): { averageRating: number; ratingsCount: number } {
  const approved = reviews.filter((r) => r.isApproved);
  if (approved.length === 0) return { averageRating: 0, ratingsCount: 0 };
  const sum = approved.reduce((acc, r) => acc + r.rating, 0);
  return { averageRating: Math.round((sum / approved.length) * 100) / 100, ratingsCount: approved.length };
}
