import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { EMPTY_LISTING_STATE } from '../utils/listing-params';
import { AdvancedFilters } from './advanced-filters';

const fetchMock = mockFetch();
isolateEachTest();

const counts = { freeShipping: 12, inStock: 30, priceDropped: 4, lowestIn6m: 0 };

function answerMe(isPremium: boolean) {
  const user = testUser({ isPremium });
  storeSession(user);
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/auth/me'
      ? jsonResponse(200, { success: true, data: user })
      : jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' }),
  );
}

describe('advanced filters in the filter panel', () => {
  it('are locked with the PREMIUM mark and the way to the plans for a visitor', async () => {
    const onChange = vi.fn();
    renderWithProviders(<AdvancedFilters state={EMPTY_LISTING_STATE} counts={counts} onChange={onChange} />);
    expect(screen.getByText('PREMIUM')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Premium/ }).getAttribute('href')).toBe('/premium-plans'),
    );
    const box = screen.getByRole('checkbox', { name: /Ücretsiz Kargo/ }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('a filter of a shared address can still be taken off while locked', async () => {
    const onChange = vi.fn();
    answerMe(false);
    const state = { ...EMPTY_LISTING_STATE, advanced: ['inStock' as const], page: 4 };
    renderWithProviders(<AdvancedFilters state={state} counts={counts} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: /Stokta Olanlar/ }) as HTMLInputElement;
    expect(box.disabled).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ advanced: [], page: 1 }));
  });

  it('a premium member ticks them (page back to 1); a filter that keeps nothing stays off', async () => {
    const onChange = vi.fn();
    answerMe(true);
    renderWithProviders(<AdvancedFilters state={EMPTY_LISTING_STATE} counts={counts} onChange={onChange} />);
    const box = (await screen.findByRole('checkbox', { name: /Ücretsiz Kargo/ })) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(screen.queryByRole('link', { name: /Premium/ })).toBeNull();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ advanced: ['freeShipping'], page: 1 }));
    expect((screen.getByRole('checkbox', { name: /6 Ayın/ }) as HTMLInputElement).disabled).toBe(true);
  });
});
