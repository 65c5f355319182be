import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AccountSession } from '@kiyasla/contracts/account';
import { jsonResponse, mockFetch, serveData } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { SessionsCard } from './sessions-card';

const session = (userAgent: string, lastUsedAt: string | null, ip: string | null): AccountSession => ({
  createdAt: '2026-01-10T10:00:00.000Z',
  lastUsedAt,
  expiresAt: '2026-02-10T10:00:00.000Z',
  userAgent,
  ip,
  current: false,
});

const windows = session(
  'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
  '2026-01-11T10:00:00.000Z',
  '10.0.0.1',
);
const iphone = session(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari/604.1',
  '2026-01-12T10:00:00.000Z',
  null,
);

const fetchMock = mockFetch();
isolateEachTest();

describe('SessionsCard', () => {
  it('lists the active sessions of GET /auth/sessions, most recently used first', async () => {
    serveData(fetchMock, { '/api/auth/sessions': [windows, iphone] });
    renderWithProviders(<SessionsCard />, { auth: false });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Safari · iOS', 'Chrome · Windows']);
    expect(list.textContent).toContain('10.0.0.1 · Giriş:');
  });

  it('says so when the sessions cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, message: 'x', code: 'INTERNAL' }));
    renderWithProviders(<SessionsCard />, { auth: false });
    expect(await screen.findByText('Oturum bilgileri şu anda yüklenemedi.')).toBeTruthy();
  });
});
