import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type * as Recharts from 'recharts';
import type { PriceHistory } from '@kiyasla/contracts/catalog';
import PriceHistoryChart from './price-history-chart';

const history: PriceHistory = {
  range: '1m',
  store: null,
  points: [
    { date: '2026-11-01', price: 1000 },
    { date: '2026-11-02', price: 899 },
    { date: '2026-11-03', price: 1099.9 },
  ],
  stats: { min: 899, max: 1099.9, avg: 999.63, current: 1099.9 },
  lowestInDays: null,
};

// jsdom lays nothing out and has no ResizeObserver: give the responsive container a size so
// Recharts draws its svg.
vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof Recharts>();
  return {
    ...actual,
    ResponsiveContainer: (props: ComponentProps<typeof actual.ResponsiveContainer>) => (
      <actual.ResponsiveContainer {...props} initialDimension={{ width: 600, height: 300 }} />
    ),
  };
});

afterEach(cleanup);

describe('PriceHistoryChart', () => {
  it('is one image named with the period and the lowest and highest price, with nothing focusable inside', async () => {
    const { container } = render(<PriceHistoryChart history={history} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')?.replace(/\s/g, ' ')).toBe(
      'Fiyat geçmişi grafiği, 1 Kasım 2026 – 3 Kasım 2026. En düşük fiyat ₺899,00 (2 Kasım 2026), en yüksek fiyat ₺1.099,90 (3 Kasım 2026).',
    );
    const svg = await vi.waitFor(() => {
      const found = container.querySelector('svg.recharts-surface');
      if (!found) throw new Error('no chart yet');
      return found;
    });
    expect(svg.getAttribute('role')).toBeNull();
    expect(svg.hasAttribute('tabindex')).toBe(false);
    expect(container.querySelector('[tabindex]:not([tabindex="-1"]), [role="application"]')).toBeNull();
  });
});
