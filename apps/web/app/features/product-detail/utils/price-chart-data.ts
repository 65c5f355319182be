import type { PriceHistory } from '@kiyasla/contracts/catalog';
import { formatPrice } from '~/lib/format';
import { formatLongDay } from '~/lib/format-date';

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

/**
 * The chart's accessible name: the period shown and the lowest and highest price (of the lowest-
 * price line) with the first day each was reached, e.g. "Fiyat geçmişi grafiği, 1 Kasım 2026 –
 * 30 Kasım 2026. En düşük fiyat ₺899,00 (12 Kasım 2026), en yüksek fiyat ₺1.099,90 (3 Kasım 2026)."
 */
export function describeChart(history: PriceHistory): string {
  const points = [...history.points].sort((a, b) => a.date.localeCompare(b.date));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'Fiyat geçmişi grafiği: bu dönemde fiyat kaydı yok.';
  let lowest = first;
  let highest = first;
  for (const point of points) {
    if (point.price < lowest.price) lowest = point;
    if (point.price > highest.price) highest = point;
  }
  return (
    `Fiyat geçmişi grafiği, ${formatLongDay(first.date)} – ${formatLongDay(last.date)}. ` +
    `En düşük fiyat ${formatPrice(lowest.price)} (${formatLongDay(lowest.date)}), ` +
    `en yüksek fiyat ${formatPrice(highest.price)} (${formatLongDay(highest.date)}).`
  );
}
