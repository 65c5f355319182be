import type { PriceHistory } from '@kiyasla/contracts/catalog';

export interface ChartSeries {
  key: string;
  name: string;
}

export interface ChartRow {
  date: string;
  [series: string]: number | string | null;
}

export const LOWEST_KEY = 'lowest';

/**
 * One row per day with the lowest price and, when per-store series are present, each
 * store's price that day (null where the store had no price, so the line breaks).
 */
export function buildChartRows(history: PriceHistory): { rows: ChartRow[]; series: ChartSeries[] } {
  const byDate = new Map<string, ChartRow>();
  const row = (date: string) => {
    let existing = byDate.get(date);
    if (!existing) {
      existing = { date };
      byDate.set(date, existing);
    }
    return existing;
  };
  for (const point of history.points) row(point.date)[LOWEST_KEY] = point.price;
  const series: ChartSeries[] = [{ key: LOWEST_KEY, name: 'En düşük fiyat' }];
  for (const store of history.stores ?? []) {
    const key = `store:${store.slug}`;
    series.push({ key, name: store.name });
    for (const point of store.points) row(point.date)[key] = point.price;
  }
  const rows = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  for (const r of rows) for (const s of series) if (!(s.key in r)) r[s.key] = null;
  return { rows, series };
}
