import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { SystemNotificationPage } from './system-notification-page';

const admin = testUser({ role: 'admin' });
const fetchMock = mockFetch();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

isolateEachTest({ signedIn: admin });

interface Sent {
  body: unknown;
  key: string | null;
}

/** Serves the page's calls; each POST is recorded and answered by `answer` (a success by default). */
function serve(answer: (sent: Sent, index: number) => Response = () => ok(3)) {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === '/api/auth/me') return json(200, { success: true, data: admin });
    if (path === '/api/admin/notifications' && init?.method === 'POST') {
      const one = { body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') };
      sent.push(one);
      return answer(one, sent.length - 1);
    }
    return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
  return sent;
}

const ok = (n: number) =>
  json(201, { success: true, message: `Bildirim ${n} kullanıcıya gönderildi.`, data: { recipients: n } });

function renderPage() {
  renderWithProviders(
    <>
      <SystemNotificationPage />
      <Toaster />
    </>,
    { path: '/admin/notifications' },
  );
}

function compose(title: string, message: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Başlık/ }), { target: { value: title } });
  fireEvent.change(screen.getByRole('textbox', { name: /Mesaj/ }), { target: { value: message } });
}

/** "Gönder", then "Onayla ve Gönder". */
async function sendAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Onayla ve Gönder' }));
}

describe('SystemNotificationPage', () => {
  it('checks the fields, asks for confirmation, then sends to the chosen role', async () => {
    const sent = serve();
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Başlık girin.')).toBeTruthy();
    expect(screen.getByText('Mesaj girin.')).toBeTruthy();

    compose('Bakım', 'Gece bakım var.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Alıcılar' }), { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText(/"Moderatörler" grubundaki herkese/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve Gönder' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ title: 'Bakım', message: 'Gece bakım var.', audience: 'moderator' });
    expect(sent[0]!.key).toMatch(UUID);
    await waitFor(() => expect(toastText()).toContain('Bildirim 3 kullanıcıya gönderildi.'));
  });

  it('sends the same key on a double submit, and a new key for the next message', async () => {
    const sent = serve();
    renderPage();
    compose('Bakım', 'Gece bakım var.');
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    const confirm = await screen.findByRole<HTMLButtonElement>('button', { name: 'Onayla ve Gönder' });
    // Two submits before the page re-renders (a double click, an Enter key bounce).
    act(() => {
      confirm.form!.requestSubmit();
      confirm.form!.requestSubmit();
    });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Başlık/ }).value).toBe(''));

    // The same words again after a successful send are a new announcement.
    compose('Bakım', 'Gece bakım var.');
    await sendAndConfirm();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).toMatch(UUID);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('retries a failed send with its key, and an edited message is a new send', async () => {
    const sent = serve((_, i) =>
      i < 2
        ? json(503, { success: false, message: 'Hizmet geçici olarak kullanılamıyor.', code: 'SERVICE_UNAVAILABLE' })
        : ok(3),
    );
    renderPage();
    compose('Bakım', 'Gece bakım var.');
    await sendAndConfirm();
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(toastText()).toContain('Hizmet geçici olarak kullanılamıyor.'));

    // The same message again: the server resumes the same send.
    await sendAndConfirm();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toBe(sent[0]!.key);

    compose('Bakım', 'Gece 02:00 bakım var.');
    await sendAndConfirm();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).toMatch(UUID);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    await waitFor(() => expect(toastText()).toContain('Bildirim 3 kullanıcıya gönderildi.'));
  });
});
