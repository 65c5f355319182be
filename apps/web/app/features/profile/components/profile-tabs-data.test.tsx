import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AccountOverview } from '@kiyasla/contracts/account';
import { jsonResponse, mockFetch, serveData } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { AchievementsTab } from './achievements-tab';
import { ActivityTab } from './activity-tab';

const overview: AccountOverview = {
  counts: { favorites: 6, priceAlerts: 3, savedComparisons: 1, reviews: 0, savedAmount: 1250.5 },
  activity: [
    {
      kind: 'favorite',
      id: 'favorite-p1',
      date: '2026-03-02T10:00:00.000Z',
      product: { _id: 'p1', name: 'Telefon X' },
    },
    {
      kind: 'comparison',
      id: 'comparison-c1',
      date: '2026-03-01T10:00:00.000Z',
      name: 'Amiral gemisi telefonlar',
      productCount: 3,
    },
    { kind: 'joined', id: 'joined', date: '2026-01-01T10:00:00.000Z' },
  ],
};

const fetchMock = mockFetch();

isolateEachTest({ signedIn: testUser() });
beforeEach(() => serveData(fetchMock, { '/api/auth/overview': overview }));

describe('the profile tabs read GET /auth/overview', () => {
  it('Aktivite: the counts and the events in Turkish, linked to what they are about', async () => {
    renderWithProviders(<ActivityTab />, { auth: false });
    await screen.findByRole('heading', { name: 'Aktivite Özeti' });
    expect(screen.getByRole('link', { name: /Favori\s*6/ }).getAttribute('href')).toBe('/favorites');
    expect(screen.getByRole('link', { name: /Kayıtlı karşılaştırma\s*1/ })).toBeTruthy();
    // A link between a dl and its dt/dd is invalid markup.
    expect(document.querySelector('dl > a, dl a dt')).toBeNull();
    // The counts come first, then the events.
    const events = within(screen.getAllByRole('list')[1]!).getAllByRole('listitem');
    expect(events.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Favorilere eklendiTelefon X'),
      expect.stringContaining('Karşılaştırma kaydedildiAmiral gemisi telefonlar · 3 ürün'),
      expect.stringContaining("Kıyasla'ya katıldınız"),
    ]);
    expect(within(events[0]!).getByRole('link').getAttribute('href')).toBe('/product/p1');
  });

  it('Başarılar: unlocked from the counts, the savings measured by the server', async () => {
    renderWithProviders(<AchievementsTab />, { auth: false });
    expect(await screen.findByText('3/4 kazanıldı')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Tasarruf Ustası ilerlemesi' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(screen.getByRole('progressbar', { name: 'Fiyat Avcısı ilerlemesi' }).getAttribute('aria-valuenow')).toBe(
      '30',
    );
  });

  it('says so when the overview cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, message: 'x', code: 'INTERNAL' }));
    renderWithProviders(<ActivityTab />, { auth: false });
    expect((await screen.findByRole('alert')).textContent).toContain('Aktiviteleriniz yüklenemedi.');
  });
});
