import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { Pagination } from './pagination';

function renderLinks(page: number, pages: number) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <Pagination page={page} pages={pages} hrefFor={(p) => `/category/telefon?page=${p}`} />,
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

afterEach(cleanup);

describe('Pagination', () => {
  it('links five pages around the current one, with Önceki and Sonraki', async () => {
    renderLinks(6, 12);
    await screen.findByRole('navigation', { name: 'Sayfalama' });
    const numbers = screen.getAllByRole('link', { name: /^Sayfa \d+$/ }).map((a) => a.textContent);
    expect(numbers).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('link', { name: 'Sayfa 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Önceki' }).getAttribute('href')).toBe('/category/telefon?page=5');
    expect(screen.getByRole('link', { name: 'Sonraki' }).getAttribute('href')).toBe('/category/telefon?page=7');
  });

  it('disables the way out of 1..pages at either end', async () => {
    renderLinks(1, 3);
    await screen.findByRole('navigation', { name: 'Sayfalama' });
    expect(screen.queryByRole('link', { name: 'Önceki' })).toBeNull();
    expect(screen.getByText('Önceki').closest('[aria-disabled="true"]')).toBeTruthy();
    cleanup();
    renderLinks(3, 3);
    await screen.findByRole('navigation', { name: 'Sayfalama' });
    expect(screen.queryByRole('link', { name: 'Sonraki' })).toBeNull();
  });

  it('renders nothing for a single page and buttons without links', () => {
    const { container } = render(<Pagination page={1} pages={1} onPageChange={() => {}} />);
    expect(container.textContent).toBe('');
    cleanup();
    const onPageChange = vi.fn();
    render(<Pagination page={2} pages={4} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 4' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4]]);
  });
});
