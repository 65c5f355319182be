import { describe, expect, it } from 'vitest';
import { generatePriceHistory, storePriceKurus } from './pricing';
import { createRng } from './prng';

describe('storePriceKurus', () => {
  it('ends prices the way the store does', () => {
    expect(storePriceKurus(84_999.4, 'whole')).toBe(8_499_900);
    expect(storePriceKurus(84_999.4, 'ninety')).toBe(8_499_890);
    expect(storePriceKurus(84_999.4, 'ninety-nine')).toBe(8_499_899);
  });
});

describe('generatePriceHistory', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('records only changes, in time order, ending at the current price', () => {
    for (let i = 0; i < 50; i++) {
      const points = generatePriceHistory(createRng(`offer-${i}`), 1_234_590, now, { days: 180, ending: 'ninety' });
      expect(points.at(-1)?.price).toBe(1_234_590);
      for (let k = 1; k < points.length; k++) {
        expect(points[k]?.price).not.toBe(points[k - 1]?.price);
        expect(points[k]?.recordedAt.getTime()).toBeGreaterThan(points[k - 1]?.recordedAt.getTime() ?? 0);
      }
    }
  });

  it('starts about six months back with a change every 2–10 days', () => {
    const points = generatePriceHistory(createRng('spacing'), 5_000_000, now, { days: 180, ending: 'whole' });
    const firstAgeDays = (now.getTime() - (points[0]?.recordedAt.getTime() ?? 0)) / 86_400_000;
    expect(firstAgeDays).toBeGreaterThanOrEqual(180);
    expect(firstAgeDays).toBeLessThan(182);
    expect(points.length).toBeGreaterThan(12);
    expect(points.length).toBeLessThan(70);
  });

  it('stays within a plausible band around the current price', () => {
    const points = generatePriceHistory(createRng('band'), 10_000_000, now, { days: 180, ending: 'whole' });
    for (const point of points) {
      expect(point.price).toBeGreaterThan(6_000_000);
      expect(point.price).toBeLessThan(15_000_000);
    }
  });
});
