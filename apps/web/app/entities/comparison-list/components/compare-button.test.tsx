import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@kiyasla/contracts/public-config';
import { Toaster } from '~/components/ui/toaster';
import { getComparisonList } from '../comparison-list';
import { publicConfigQuery } from '~/lib/public-config';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { CompareButton } from './compare-button';

const product = (n: number) => ({ _id: `id-${n}`, name: `Ürün ${n}`, brand: 'Marka', image_url: '/x.svg' });

function renderButtons(count: number, maxComparisonItems?: number) {
  return renderWithProviders(
    <>
      {Array.from({ length: count }, (_, i) => (
        <CompareButton key={i} product={product(i + 1)} />
      ))}
      <Toaster />
    </>,
    {
      queries: { enabled: false },
      auth: false,
      router: false,
      seed: (client) => {
        if (maxComparisonItems === undefined) return;
        client.setQueryData(publicConfigQuery().queryKey, {
          limits: { maxComparisonItems },
        } as unknown as PublicConfig);
      },
    },
  );
}

isolateEachTest();

describe('CompareButton', () => {
  it('stops at the admin maxComparisonItems and says so with that number', async () => {
    renderButtons(4, 3);
    const buttons = screen.getAllByRole('button', { name: /^Karşılaştır:/ });
    act(() => buttons.forEach((b) => fireEvent.click(b)));
    expect(getComparisonList().map((p) => p._id)).toEqual(['id-1', 'id-2', 'id-3']);
    // A toast's code may still be on its way (it loads once the page is idle).
    await waitFor(() => expect(toastText()).toContain('En fazla 3 ürün karşılaştırabilirsiniz'));
  });

  it('falls back to 5 while the configuration is unknown', async () => {
    renderButtons(6);
    act(() => screen.getAllByRole('button', { name: /^Karşılaştır:/ }).forEach((b) => fireEvent.click(b)));
    expect(getComparisonList()).toHaveLength(5);
    await waitFor(() => expect(toastText()).toContain('En fazla 5 ürün karşılaştırabilirsiniz'));
  });

  it('keeps only what the comparison page needs of a product', () => {
    renderButtons(1);
    fireEvent.click(screen.getByRole('button', { name: 'Karşılaştır: Ürün 1' }));
    expect(getComparisonList()).toEqual([product(1)]);
    expect(screen.getByRole('button', { name: 'Karşılaştırmadan Çıkar: Ürün 1' })).toBeTruthy();
  });

  it("tells each product's button apart by the product's name, starting with the text it shows", () => {
    renderButtons(2);
    const [first, second] = screen.getAllByRole('button');
    expect(first!.textContent).toBe('Karşılaştır');
    expect(first!.getAttribute('aria-label')).toBe('Karşılaştır: Ürün 1');
    expect(second!.getAttribute('aria-label')).toBe('Karşılaştır: Ürün 2');
    fireEvent.click(second!);
    expect(second!.textContent).toBe('Karşılaştırmadan Çıkar');
    expect(second!.getAttribute('aria-label')).toBe('Karşılaştırmadan Çıkar: Ürün 2');
  });
});
