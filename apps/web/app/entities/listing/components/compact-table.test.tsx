import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { testProductCard } from '~/test/fixtures';
import { renderWithProviders } from '~/test/render-with-providers';
import { CompactTable } from './compact-table';

const product = (n: number, storage: string | undefined, price: number): ProductCard =>
  testProductCard(n, { currentPrice: price, keySpecs: storage ? { storage } : {} });

function renderTable(products: ProductCard[]) {
  // The row actions may read shared server state (limits from the public config).
  return renderWithProviders(<CompactTable products={products} caption="Telefon ürünleri" />, { auth: false });
}

const order = () => screen.getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);

afterEach(cleanup);

describe('CompactTable', () => {
  it('sorts by a column ascending, then descending on the second click', async () => {
    renderTable([product(1, '512 GB', 300), product(2, '1 TB', 100), product(3, '128 GB', 200)]);
    await screen.findByRole('table');
    const header = screen.getByRole('columnheader', { name: 'Depolama' });
    expect(header.getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(['Telefon 3', 'Telefon 1', 'Telefon 2']);

    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual(['Telefon 2', 'Telefon 1', 'Telefon 3']);

    fireEvent.click(screen.getByRole('button', { name: 'Fiyat' }));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Fiyat' }).getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(['Telefon 2', 'Telefon 3', 'Telefon 1']);
  });

  it('offers the compare toggle in every row', async () => {
    renderTable([product(1, '512 GB', 300), product(2, undefined, 100)]);
    expect(await screen.findByRole('button', { name: 'Karşılaştır: Telefon 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Karşılaştır: Telefon 2' })).toBeTruthy();
    expect(screen.getAllByRole('row')[2]?.textContent).toContain('—');
  });
});
