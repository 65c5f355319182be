import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { FilterDrawer } from './filter-drawer';

isolateEachTest();

function open(props: { total: number; totalIsLowerBound?: boolean }) {
  renderWithProviders(
    <FilterDrawer activeCount={0} onClear={() => undefined} {...props}>
      <p>panel</p>
    </FilterDrawer>,
    { auth: false, router: false },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Filtreler' }));
}

describe('FilterDrawer', () => {
  it('counts the results above its button', async () => {
    open({ total: 1234 });
    expect(await screen.findByText('1.234 ürün bulundu')).toBeTruthy();
  });

  it("shows a search's lower bound as one", async () => {
    open({ total: 100_000, totalIsLowerBound: true });
    expect(await screen.findByText('100.000+ ürün bulundu')).toBeTruthy();
  });
});
