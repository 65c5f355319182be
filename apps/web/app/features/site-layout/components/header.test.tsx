import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@kiyasla/contracts/user';
import {
  addToComparison,
  getComparisonList,
  getLoadedComparison,
  replaceComparison,
} from '~/entities/comparison-list/comparison-list';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, Where } from '~/test/render-with-providers';
import { Header } from './header';

function renderHeader(path = '/') {
  return renderWithProviders(
    <>
      <Header categories={null} />
      <Where />
    </>,
    { path },
  );
}

/** A stored session whose profile re-fetch (GET /auth/me) answers with the same user. */
function signIn(user: User) {
  storeSession(user);
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/auth/me'
      ? jsonResponse(200, { success: true, data: user })
      : jsonResponse(200, { success: true, data: null }),
  );
}

const fetchMock = mockFetch();

const searchBox = () => screen.getByRole('combobox', { name: 'Ürün, marka veya kategori ara' });

isolateEachTest();
beforeEach(() => {
  fetchMock.mockResolvedValue(new Response('{}', { status: 404 }));
  document.documentElement.classList.remove('dark');
});

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
    // The menu's code is fetched on first use.
    await waitFor(() => expect(document.getElementById('mobile-menu')).not.toBeNull());
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle.getAttribute('aria-label')).toBe('Menüyü aç');
  });

  it("moves focus to the mobile menu's first item when it opens, and back to the toggle on Escape", async () => {
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Menüyü aç' });
    toggle.focus();
    fireEvent.click(toggle);
    const menu = await waitFor(() => document.getElementById('mobile-menu')!);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(menu.querySelector('a[href], button'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('greets a signed-in user by first name with profile and logout, and no sign-in buttons', async () => {
    signIn(testUser());
    renderHeader();
    expect(await screen.findByText('Ayşe')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Profilim' })[0]?.getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Çıkış Yap' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Oturum Aç/ })).toBeNull();
    expect(screen.queryByText('Premium')).toBeNull();
    expect(screen.queryByRole('link', { name: /Yönetim Paneli/ })).toBeNull();
  });

  it('shows the Premium badge to premium members', async () => {
    signIn(testUser({ isPremium: true, subscription: { ...testUser().subscription, plan: 'yearly-premium' } }));
    renderHeader();
    expect(await screen.findByTitle('Premium üye')).toBeTruthy();
  });

  it.each(['admin', 'moderator'] as const)('offers the admin panel to a %s', async (role) => {
    signIn(testUser({ role }));
    renderHeader();
    const admin = await screen.findByRole('link', { name: /Yönetim Paneli/ });
    expect(admin.getAttribute('href')).toBe('/admin');
  });

  it('logs out locally even when the server call fails', async () => {
    signIn(testUser());
    renderHeader();
    fetchMock.mockRejectedValue(new TypeError('offline'));
    fireEvent.click(await screen.findByRole('button', { name: 'Çıkış Yap' }));
    expect(await screen.findByRole('link', { name: /Oturum Aç/ })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it("clears the comparison list on logout, so the next person at the computer does not see the member's saved comparison", async () => {
    signIn(testUser());
    replaceComparison(
      [
        { _id: 'p1', name: 'Telefon 1' },
        { _id: 'p2', name: 'Telefon 2' },
      ],
      { id: 'c1', name: 'Telefonlar' },
    );
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Çıkış Yap' }));
    await screen.findByRole('link', { name: /Oturum Aç/ });
    expect(getComparisonList()).toEqual([]);
    expect(getLoadedComparison()).toBeNull();
  });

  it('clears a stored session the server refuses, silently', async () => {
    signIn(testUser());
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/auth/refresh' || String(url) === '/api/auth/me'
        ? new Response(JSON.stringify({ success: false, message: 'x', code: 'SESSION_REVOKED' }), { status: 401 })
        : new Response('{}', { status: 404 }),
    );
    renderHeader();
    expect(await screen.findByRole('link', { name: /Oturum Aç/ })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
