import { describe, expect, it } from 'vitest';
import { achievementCounts, computeAchievements, type AchievementCounts } from './achievements';

const none: AchievementCounts = { comparisons: 0, savedAmount: 0, favorites: 0, alerts: 0 };
const unlocked = (counts: AchievementCounts) =>
  computeAchievements(counts)
    .filter((a) => a.unlocked)
    .map((a) => a.id);

describe('computeAchievements', () => {
  it('starts with nothing unlocked', () => {
    expect(unlocked(none)).toEqual([]);
  });

  it('unlocks the first comparison above zero comparisons', () => {
    expect(unlocked({ ...none, comparisons: 1 })).toEqual(['first-comparison']);
  });

  it('unlocks savings master at 1000 TL, not below', () => {
    expect(unlocked({ ...none, savedAmount: 999.99 })).toEqual([]);
    expect(unlocked({ ...none, savedAmount: 1000 })).toEqual(['savings-master']);
  });

  it('unlocks collector at 5 favorites and price hunter at 10 alerts', () => {
    expect(unlocked({ ...none, favorites: 4, alerts: 9 })).toEqual([]);
    expect(unlocked({ ...none, favorites: 5, alerts: 10 })).toEqual(['collector', 'price-hunter']);
  });

  it('reports progress capped at 100 %', () => {
    const [first, savings, collector, hunter] = computeAchievements({
      comparisons: 3,
      savedAmount: 250,
      favorites: 12,
      alerts: 4,
    });
    expect(first?.progress).toBe(1);
    expect(savings?.progress).toBe(0.25);
    expect(collector?.progress).toBe(1);
    expect(hunter).toMatchObject({ current: 4, target: 10, progress: 0.4 });
  });
});

describe('achievementCounts', () => {
  it('counts favorites, alerts and saved comparisons', () => {
    expect(achievementCounts({ favorites: 2, priceAlerts: 1, savedComparisons: 3, savedAmount: 0 })).toEqual({
      comparisons: 3,
      savedAmount: 0,
      favorites: 2,
      alerts: 1,
    });
  });
});
