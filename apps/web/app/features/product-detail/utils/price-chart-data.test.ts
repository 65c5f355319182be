import { describe, expect, it } from 'vitest';
import type { PriceHistory } from '@kiyasla/contracts/catalog';
import { buildChartRows, describeChart } from './price-chart-data';

const history: PriceHistory = {
  range: '1m',
  store: null,
  points: [
    { date: '2026-11-02', price: 90 },
    { date: '2026-11-01', price: 100 },
  ],
  stores: [
    { _id: '1', name: 'A', slug: 'a', points: [{ date: '2026-11-01', price: 100 }] },
    {
      _id: '2',
      name: 'B',
      slug: 'b',
      points: [
        { date: '2026-11-01', price: 120 },
        { date: '2026-11-02', price: 90 },
      ],
    },
  ],
  stats: { min: 90, max: 100, avg: 95, current: 90 },
  lowestInDays: 2,
};

describe('buildChartRows', () => {
  it('puts the lowest price and each store on one row per day, in date order', () => {
    const { rows, series } = buildChartRows(history);
    expect(series.map((s) => s.name)).toEqual(['En düşük fiyat', 'A', 'B']);
    expect(rows).toEqual([
      { date: '2026-11-01', lowest: 100, 'store:a': 100, 'store:b': 120 },
      { date: '2026-11-02', lowest: 90, 'store:a': null, 'store:b': 90 },
    ]);
  });

  it('has only the lowest series without per-store data', () => {
    const { series } = buildChartRows({ ...history, stores: undefined });
    expect(series).toHaveLength(1);
  });
});

describe('describeChart', () => {
  it('names the period and the lowest and highest price with their days, in Turkish', () => {
    const text = describeChart({
      ...history,
      points: [
        { date: '2026-11-03', price: 1099.9 },
        { date: '2026-11-01', price: 1000 },
        { date: '2026-11-02', price: 899 },
        { date: '2026-11-04', price: 899 },
      ],
    }).replace(/\s/g, ' ');
    expect(text).toBe(
      'Fiyat geçmişi grafiği, 1 Kasım 2026 – 4 Kasım 2026. En düşük fiyat ₺899,00 (2 Kasım 2026), en yüksek fiyat ₺1.099,90 (3 Kasım 2026).',
    );
  });

  it('says when there is no price to show', () => {
    expect(describeChart({ ...history, points: [] })).toBe('Fiyat geçmişi grafiği: bu dönemde fiyat kaydı yok.');
  });
});
