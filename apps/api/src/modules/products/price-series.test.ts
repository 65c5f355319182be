import { describe, expect, it } from 'vitest';
import { buildPriceSeries, dayIndex, lowestInDaysBefore, type PriceChange } from './price-series';

// 12:00 in Turkey (09:00 UTC) on the given date.
const at = (date: string) => new Date(`${date}T09:00:00Z`);
const now = at('2026-03-31');

function change(offerId: string, date: string, price: number): PriceChange {
  return { offerId, price, recordedAt: at(date) };
}

describe('buildPriceSeries', () => {
  it('takes the lowest offer price of each day, carrying prices forward between changes', () => {
    const s = buildPriceSeries(
      [change('a', '2026-03-01', 1000), change('b', '2026-03-10', 900), change('a', '2026-03-20', 800)],
      'all',
      now,
    );
    expect(s.points[0]).toEqual({ date: '2026-03-01', price: 1000 });
    expect(s.points.find((p) => p.date === '2026-03-09')?.price).toBe(1000);
    expect(s.points.find((p) => p.date === '2026-03-10')?.price).toBe(900);
    expect(s.points.find((p) => p.date === '2026-03-20')?.price).toBe(800);
    expect(s.points).toHaveLength(31);
    expect(s.stats).toMatchObject({ min: 800, max: 1000, current: 800 });
  });

  it('limits the points to the range and leaves "lowest in N days" to the history before it when the range cannot tell', () => {
    const changes = [change('a', '2025-12-01', 500), change('a', '2026-01-15', 700), change('a', '2026-03-25', 650)];
    const month = buildPriceSeries(changes, '1m', now);
    expect(month.points).toHaveLength(30);
    expect(month.points[0]!.date).toBe('2026-03-02');
    expect(month.stats.min).toBe(650);
    expect(month.stats.max).toBe(700);
    // 650 was never undercut in the month: the days before it decide.
    expect(month.lowestInDays).toBeNull();
    expect(month.earlier).toEqual({ price: 650, firstDay: dayIndex(at('2026-03-02')) });
    // The 500 period ended on 2026-01-14: 650 is the lowest since 2026-01-15.
    const before = { lastDayBelow: dayIndex(at('2026-01-14')), firstChangeDay: dayIndex(at('2025-12-01')) };
    expect(lowestInDaysBefore(dayIndex(now), before)).toBe(76);
    expect(lowestInDaysBefore(dayIndex(now), { ...before, lastDayBelow: null })).toBe(121);
    // Only the price each offer carried into the range is needed for the chart itself.
    const window = buildPriceSeries([changes[1]!, changes[2]!], '1m', now);
    expect(window).toEqual(month);
  });

  it('decides "lowest in N days" within the range when a day of it was lower', () => {
    const changes = [change('a', '2025-12-01', 500), change('a', '2026-03-10', 600), change('a', '2026-03-25', 650)];
    const month = buildPriceSeries(changes, '1m', now);
    expect(month.lowestInDays).toBe(7);
    expect(month.earlier).toBeUndefined();
  });

  it('counts the whole history when the current price was never lower', () => {
    const s = buildPriceSeries([change('a', '2026-03-29', 100)], '6m', now);
    expect(s.lowestInDays).toBe(3);
    expect(s.points.map((p) => p.price)).toEqual([100, 100, 100]);
  });

  it('treats a change late in the Turkish evening as that Turkish day', () => {
    // 22:30 UTC on the 9th is 01:30 on the 10th in Turkey.
    const s = buildPriceSeries(
      [change('a', '2026-03-01', 1000), { offerId: 'a', price: 900, recordedAt: new Date('2026-03-09T22:30:00Z') }],
      'all',
      now,
    );
    expect(s.points.find((p) => p.date === '2026-03-09')?.price).toBe(1000);
    expect(s.points.find((p) => p.date === '2026-03-10')?.price).toBe(900);
  });

  it('returns per-offer lines and averages', () => {
    const s = buildPriceSeries([change('a', '2026-03-30', 100), change('b', '2026-03-30', 300)], 'all', now);
    expect(s.perOffer.get('b')).toEqual([
      { date: '2026-03-30', price: 300 },
      { date: '2026-03-31', price: 300 },
    ]);
    expect(s.stats.avg).toBe(100);
  });

  it('leaves an out-of-stock offer out of the lowest line from that day until it is back in stock', () => {
    const s = buildPriceSeries(
      [
        change('a', '2026-03-01', 1000),
        change('b', '2026-03-01', 800),
        { ...change('b', '2026-03-10', 800), availability: 'out-of-stock' },
        { ...change('b', '2026-03-20', 850), availability: 'in-stock' },
      ],
      'all',
      now,
    );
    const price = (date: string) => s.points.find((p) => p.date === date)?.price;
    expect(price('2026-03-09')).toBe(800);
    expect(price('2026-03-10')).toBe(1000);
    expect(price('2026-03-19')).toBe(1000);
    expect(price('2026-03-20')).toBe(850);
    // The offer's own line breaks while it is sold out.
    const b = s.perOffer.get('b')!.map((p) => p.date);
    expect(b).toContain('2026-03-09');
    expect(b).not.toContain('2026-03-10');
    expect(b).not.toContain('2026-03-19');
    expect(b).toContain('2026-03-20');
  });

  it('has no current price while every offer is sold out, and a limited offer still counts', () => {
    const soldOut = buildPriceSeries(
      [change('a', '2026-03-01', 1000), { ...change('a', '2026-03-30', 1000), availability: 'out-of-stock' }],
      'all',
      now,
    );
    expect(soldOut.stats.current).toBeNull();
    expect(soldOut.lowestInDays).toBeNull();
    expect(soldOut.points.at(-1)!.date).toBe('2026-03-29');
    const limited = buildPriceSeries([{ ...change('a', '2026-03-30', 700), availability: 'limited' }], 'all', now);
    expect(limited.stats.current).toBe(700);
  });

  it('ends the line of an offer that stopped counting (stale) on the day it did', () => {
    const s = buildPriceSeries(
      [change('a', '2026-03-01', 1000), change('b', '2026-03-01', 800)],
      'all',
      now,
      new Map([['b', new Date('2026-03-25T15:00:00Z')]]),
    );
    expect(s.points.find((p) => p.date === '2026-03-24')?.price).toBe(800);
    expect(s.points.find((p) => p.date === '2026-03-25')?.price).toBe(1000);
    expect(s.stats.current).toBe(1000);
    expect(s.perOffer.get('b')!.at(-1)!.date).toBe('2026-03-24');
  });

  it("takes a popular product's years of changes (200,000) without overflowing the call stack", () => {
    // 30 offers repriced about six times a day for three years. Before, the first day was
    // `Math.min(...changes.map(...))`: "RangeError: Maximum call stack size exceeded".
    const changes: PriceChange[] = [];
    const start = now.getTime() - 3 * 365 * 86_400_000;
    for (let i = 0; i < 200_000; i++) {
      changes.push({
        offerId: `o${i % 30}`,
        price: 10_000 + ((i * 7919) % 997),
        recordedAt: new Date(start + i * 473_040),
      });
    }
    const s = buildPriceSeries(changes, 'all', now);
    expect(s.points).toHaveLength(3 * 365 + 1);
    expect(s.perOffer.size).toBe(30);
    let min = Infinity;
    for (const p of s.points) min = Math.min(min, p.price);
    expect(s.stats.min).toBe(min);
    expect(s.lowestInDays).toBeGreaterThanOrEqual(1);
  });

  it('is empty without history', () => {
    expect(buildPriceSeries([], '1m', now)).toMatchObject({ points: [], lowestInDays: null });
  });
});
