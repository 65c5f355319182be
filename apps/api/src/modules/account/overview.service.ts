import { ACCOUNT_ACTIVITY_LIMIT, type AccountActivityEvent, type AccountOverview } from '@kiyasla/contracts/account';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/session-verifier';
import { countAccountRows, recentActivity } from './account.repo';

const product = (id: string, name: string | null) => ({ _id: id, name });

/**
 * GET /auth/overview: the counts of the Başarılar tab and the newest ACCOUNT_ACTIVITY_LIMIT events
 * of the Aktivite tab, newest first, ending with the sign-up. Each kind is read newest first and
 * cut at the limit in SQL, so an account with thousands of favorites costs the same as a new one;
 * the merge then keeps the newest overall. Ids are the kind and the row's own id (a favorite is
 * keyed by its product), so they stay the same from one call to the next.
 */
export async function getAccountOverview(db: Database, caller: AuthUser): Promise<AccountOverview> {
  const limit = ACCOUNT_ACTIVITY_LIMIT - 1; // room for the sign-up
  const [counts, recent] = await Promise.all([countAccountRows(db, caller.id), recentActivity(db, caller.id, limit)]);

  const events: AccountActivityEvent[] = [
    ...recent.favoriteRows.map((f): AccountActivityEvent => ({
      kind: 'favorite',
      id: `favorite-${f.productId}`,
      date: f.date.toISOString(),
      product: product(f.productId, f.productName),
    })),
    ...recent.alertRows.map((a): AccountActivityEvent => ({
      kind: 'alert',
      id: `alert-${a.id}`,
      date: a.date.toISOString(),
      product: product(a.productId, a.productName),
      targetPrice: kurusToTry(a.targetPrice),
    })),
    ...recent.triggeredRows.flatMap((a): AccountActivityEvent[] =>
      a.date
        ? [
            {
              kind: 'alert-triggered',
              id: `alert-triggered-${a.id}`,
              date: a.date.toISOString(),
              product: product(a.productId, a.productName),
              price: a.price === null ? null : kurusToTry(a.price),
            },
          ]
        : [],
    ),
    ...recent.comparisonRows.map((c): AccountActivityEvent => ({
      kind: 'comparison',
      id: `comparison-${c.id}`,
      date: c.date.toISOString(),
      name: c.name,
      productCount: c.productCount,
    })),
    ...recent.reviewRows.map((r): AccountActivityEvent => ({
      kind: 'review',
      id: `review-${r.id}`,
      date: r.date.toISOString(),
      product: product(r.productId, r.productName),
      rating: r.rating,
    })),
    ...recent.paymentRows.map((p): AccountActivityEvent => ({
      kind: 'payment',
      id: `payment-${p.id}`,
      date: p.date.toISOString(),
      plan: p.plan,
      amount: kurusToTry(p.amount),
    })),
  ];
  // ISO strings of one format sort as their instants; ties keep a fixed order by id.
  events.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1));
  const joined: AccountActivityEvent = { kind: 'joined', id: 'joined', date: caller.row.createdAt.toISOString() };

  return {
    counts: {
      favorites: counts.favorites,
      priceAlerts: counts.priceAlerts,
      savedComparisons: counts.savedComparisons,
      reviews: counts.reviews,
      savedAmount: kurusToTry(counts.savedKurus),
    },
    activity: [...events.slice(0, limit), joined],
  };
}
