import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { AccountInfoCard } from './account-info-card';

isolateEachTest();

describe('AccountInfoCard', () => {
  it('offers a new verification e-mail while the address is not verified', () => {
    renderWithProviders(<AccountInfoCard user={testUser({ emailVerified: false })} />, {
      queries: { enabled: false },
    });
    expect(screen.getByText('Doğrulanmadı')).toBeTruthy();
    expect(screen.getByText(/gönderdiğimiz e-postadaki bağlantıyı açın/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Doğrulama e-postasını tekrar gönder' })).toBeTruthy();
  });

  it('reads "Doğrulandı" without the button once verified', () => {
    renderWithProviders(<AccountInfoCard user={testUser({ emailVerified: true })} />, { queries: { enabled: false } });
    expect(screen.getByText('Doğrulandı')).toBeTruthy();
    expect(screen.queryByText('Doğrulanmadı')).toBeNull();
    expect(screen.queryByRole('button', { name: /Doğrulama e-postasını/ })).toBeNull();
  });
});
