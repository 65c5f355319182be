import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, Where } from '~/test/render-with-providers';
import { AdminSearch } from './admin-search';

isolateEachTest();

describe('AdminSearch', () => {
  it('lands on the chosen list with the search applied', () => {
    renderWithProviders(
      <>
        <AdminSearch role="admin" />
        <Where />
      </>,
      { auth: false, path: '/admin' },
    );
    const form = screen.getByRole('search', { name: 'Yönetim araması' });
    fireEvent.change(within(form).getByLabelText('Aranacak liste'), { target: { value: '/admin/products' } });
    fireEvent.change(within(form).getByLabelText('Yönetimde ara'), { target: { value: 'Kulaklık & kablosuz' } });
    fireEvent.submit(form);
    expect(screen.getByTestId('where').textContent).toBe('/admin/products?q=Kulakl%C4%B1k%20%26%20kablosuz');
  });

  it('offers a moderator only the lists a moderator may open', () => {
    renderWithProviders(<AdminSearch role="moderator" />, { auth: false, path: '/admin' });
    const options = within(screen.getByLabelText('Aranacak liste'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Ürünler', 'Kategoriler', 'Mağazalar']);
  });
});
