import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { addToComparison } from '~/lib/comparison-list';
import { Header } from './header';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderHeader(path = '/') {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <>
          <Header categories={null} />
          <Where />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const searchBox = () => screen.getByRole('combobox', { name: 'Ürün, marka veya kategori ara' });

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
});
afterEach(cleanup);

describe('Header', () => {
  it('offers sign-in and registration when signed out', async () => {
    renderHeader();
    expect((await screen.findByRole('link', { name: /Oturum Aç/ })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /Kaydol/ }).getAttribute('href')).toBe('/register');
  });

  it('searches for the trimmed, encoded term and ignores blank input', async () => {
    renderHeader();
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('where').textContent).toBe('/');

    fireEvent.change(searchBox(), { target: { value: ' kulaklık & kılıf ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ara' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=kulakl%C4%B1k%20%26%20k%C4%B1l%C4%B1f');
  });

  it('counts the comparison list and follows comparisonChanged', async () => {
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Karşılaştırma' })).getAttribute('href')).toBe('/comparison');
    act(() => {
      addToComparison({ _id: 'a', name: 'A' });
      addToComparison({ _id: 'b', name: 'B' });
    });
    expect(screen.getByRole('link', { name: 'Karşılaştırma (2)' })).toBeTruthy();
  });

  it('links favorites, notifications and price alerts without badges while signed out', async () => {
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Favoriler' })).getAttribute('href')).toBe('/favorites');
    expect(screen.getByRole('link', { name: 'Bildirimler' }).getAttribute('href')).toBe('/notifications');
    expect(screen.getByRole('link', { name: 'Fiyat Alarmları' }).getAttribute('href')).toBe('/price-alerts');
  });

  it('toggles and stores the theme', async () => {
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Koyu temaya geç' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Açık temaya geç' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('opens and closes the mobile menu', async () => {
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Menüyü aç' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Menüyü kapat');
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle.getAttribute('aria-label')).toBe('Menüyü aç');
  });
});
