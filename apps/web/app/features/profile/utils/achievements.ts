/**
 * Achievements of the profile's Başarılar tab (spec §4/§9), computed from real counts:
 * first comparison when the user saved at least one comparison, savings master at 1000 TL
 * saved, collector at 5 favorites, price hunter at 10 price alerts.
 */
import type { AccountOverview } from '@kiyasla/contracts/account';

export const SAVINGS_MASTER_TRY = 1000;
export const COLLECTOR_FAVORITES = 5;
export const PRICE_HUNTER_ALERTS = 10;

export interface AchievementCounts {
  comparisons: number;
  /** TRY saved. */
  savedAmount: number;
  favorites: number;
  alerts: number;
}

export type AchievementId = 'first-comparison' | 'savings-master' | 'collector' | 'price-hunter';

export interface Achievement {
  id: AchievementId;
  title: string;
  description: string;
  unlocked: boolean;
  current: number;
  target: number;
  /** 0 to 1, for the progress bar. */
  progress: number;
  unit: 'count' | 'try';
}

function achievement(
  id: AchievementId,
  title: string,
  description: string,
  current: number,
  target: number,
  unlocked: boolean,
  unit: Achievement['unit'] = 'count',
): Achievement {
  const value = Math.max(0, Number.isFinite(current) ? current : 0);
  return { id, title, description, unlocked, current: value, target, progress: Math.min(1, value / target), unit };
}

export function computeAchievements(counts: AchievementCounts): Achievement[] {
  return [
    achievement(
      'first-comparison',
      'İlk Karşılaştırma',
      'İlk karşılaştırmanızı kaydedin.',
      counts.comparisons,
      1,
      counts.comparisons > 0,
    ),
    achievement(
      'savings-master',
      'Tasarruf Ustası',
      '1.000 TL tasarruf edin.',
      counts.savedAmount,
      SAVINGS_MASTER_TRY,
      counts.savedAmount >= SAVINGS_MASTER_TRY,
      'try',
    ),
    achievement(
      'collector',
      'Koleksiyoncu',
      '5 ürünü favorilerinize ekleyin.',
      counts.favorites,
      COLLECTOR_FAVORITES,
      counts.favorites >= COLLECTOR_FAVORITES,
    ),
    achievement(
      'price-hunter',
      'Fiyat Avcısı',
      '10 fiyat alarmı kurun.',
      counts.alerts,
      PRICE_HUNTER_ALERTS,
      counts.alerts >= PRICE_HUNTER_ALERTS,
    ),
  ];
}

/** The counts of GET /auth/overview; the amount saved is measured by the server (triggered alerts). */
export function achievementCounts(
  counts: Pick<AccountOverview['counts'], 'favorites' | 'priceAlerts' | 'savedComparisons' | 'savedAmount'>,
): AchievementCounts {
  return {
    comparisons: counts.savedComparisons,
    savedAmount: counts.savedAmount,
    favorites: counts.favorites,
    alerts: counts.priceAlerts,
  };
}
