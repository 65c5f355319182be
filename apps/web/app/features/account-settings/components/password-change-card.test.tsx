import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { testUser } from '~/test/fixtures';
import { PasswordChangeCard } from './password-change-card';

isolateEachTest();

describe('PasswordChangeCard', () => {
  it('focuses the first invalid field, "Mevcut Şifre", after an empty submit', async () => {
    renderWithProviders(<PasswordChangeCard user={testUser({ hasPassword: true })} />, {
      queries: { enabled: false },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Şifreyi Güncelle' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Mevcut Şifre/)));
  });
});
