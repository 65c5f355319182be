/**
 * The Recharts line chart of the price-history tab. Loaded lazily: Recharts stays out of the
 * bundle of every page until a shopper opens 'Fiyat Geçmişi'.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PriceHistory } from '@kiyasla/contracts/catalog';
import { formatCompactPrice, formatPrice } from '~/lib/format';
import { formatDay, formatLongDay } from '~/lib/format-date';
import { buildChartRows, describeChart, LOWEST_KEY } from '../utils/price-chart-data';

/** Mid-tone colours that read on both the light and the dark surface. */
const STORE_COLOURS = ['#f59e0b', '#10b981', '#ec4899', '#0ea5e9', '#a855f7', '#ef4444', '#14b8a6', '#84cc16'];

interface TooltipEntry {
  dataKey?: string | number;
  name?: string | number;
  value?: number | string | null;
  color?: string;
}

function ChartTooltip({ active, payload, label }: { active?: boolean; payload?: TooltipEntry[]; label?: string }) {
  if (!active || !payload?.length || !label) return null;
  const entries = payload.filter((entry) => typeof entry.value === 'number');
  return (
    <div className="rounded-xl border border-line bg-surface px-3 py-2 text-sm shadow-lg">
      <p className="mb-1 font-semibold text-ink">{formatLongDay(label)}</p>
      <ul className="space-y-0.5">
        {entries.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted">
              <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ background: entry.color }} />
              {entry.name}
            </span>
            <span className="font-semibold text-ink">{formatPrice(entry.value as number)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function PriceHistoryChart({ history }: { history: PriceHistory }) {
  const { rows, series } = buildChartRows(history);
  const longSpan = rows.length > 200;
  const perStore = series.length > 1;

  return (
    // One image with a summary as its name. Recharts' accessibility layer would make the svg a
    // focusable, unnamed role="application" inside it, whose arrow keys only move a mouse tooltip.
    <div className="h-72 w-full sm:h-80" role="img" aria-label={describeChart(history)}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--k-line)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => formatDay(value, longSpan)}
            tick={{ fill: 'var(--k-muted)', fontSize: 12 }}
            stroke="var(--k-line)"
            minTickGap={28}
            tickMargin={8}
          />
          <YAxis
            tickFormatter={(value: number) => formatCompactPrice(value)}
            tick={{ fill: 'var(--k-muted)', fontSize: 12 }}
            stroke="var(--k-line)"
            width={72}
            domain={['auto', 'auto']}
            tickCount={5}
          />
          <Tooltip content={<ChartTooltip />} cursor={{ stroke: 'var(--k-muted)', strokeDasharray: '4 4' }} />
          {perStore && <Legend wrapperStyle={{ fontSize: 12, paddingTop: 8 }} iconType="plainline" />}
          {/* Stores first, so the lowest-price line is drawn on top of them. */}
          {[...series.slice(1), ...series.slice(0, 1)].map((s, i) =>
            s.key === LOWEST_KEY ? (
              <Line
                key={s.key}
                type="stepAfter"
                dataKey={s.key}
                name={s.name}
                stroke="var(--k-primary)"
                strokeWidth={perStore ? 3 : 2.5}
                dot={false}
                activeDot={{ r: 5 }}
                isAnimationActive={false}
                connectNulls
              />
            ) : (
              <Line
                key={s.key}
                type="stepAfter"
                dataKey={s.key}
                name={s.name}
                stroke={STORE_COLOURS[i % STORE_COLOURS.length]}
                strokeWidth={1.5}
                strokeOpacity={0.85}
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            ),
          )}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
