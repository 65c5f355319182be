import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { SystemNotificationPage } from './system-notification-page';

const admin = testUser({ role: 'admin' });
const fetchMock = mockFetch();
const posted: unknown[] = [];

isolateEachTest({ signedIn: admin });

describe('SystemNotificationPage', () => {
  it('checks the fields, asks for confirmation, then sends to the chosen role', async () => {
    posted.length = 0;
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/auth/me') return json(200, { success: true, data: admin });
      if (path === '/api/admin/notifications' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(201, { success: true, message: 'Bildirim 3 kullanıcıya gönderildi.', data: { recipients: 3 } });
      }
      return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderWithProviders(
      <>
        <SystemNotificationPage />
        <Toaster />
      </>,
      { path: '/admin/notifications' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Başlık girin.')).toBeTruthy();
    expect(screen.getByText('Mesaj girin.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Başlık/ }), { target: { value: 'Bakım' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Mesaj/ }), { target: { value: 'Gece bakım var.' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Alıcılar' }), { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText(/"Moderatörler" grubundaki herkese/)).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve Gönder' }));
    await waitFor(() =>
      expect(posted).toEqual([{ title: 'Bakım', message: 'Gece bakım var.', audience: 'moderator' }]),
    );
    await waitFor(() => expect(toastText()).toContain('Bildirim 3 kullanıcıya gönderildi.'));
  });
});
