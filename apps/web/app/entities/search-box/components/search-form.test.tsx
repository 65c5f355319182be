import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { resetTrendingSearches } from '../api/get-trending-searches';
import { renderWithProviders, Where } from '~/test/render-with-providers';
import { SearchForm } from './search-form';
import { RECENT_SEARCHES_KEY } from '../utils/search-recent';
import { resetSuggestionCache, SUGGESTION_DEBOUNCE_MS } from '../hooks/use-search-suggestions';

const IPHONE_ID = '1cc31280-2eb2-4c99-be50-7559e0be7ea1';
const SUGGESTIONS = [
  {
    type: 'category',
    _id: '6f73d7c9-4bfb-46ad-aa4b-faa4e26e0652',
    text: 'Telefon',
    parentName: null,
    url: '/category/telefon',
  },
  { type: 'brand', text: 'Apple', productCount: 57, url: '/search?q=Apple' },
  {
    type: 'product',
    _id: IPHONE_ID,
    text: 'Apple iPhone 15 256 GB',
    brand: 'Apple',
    image: '/img.svg',
    price: 53548,
    url: `/product/${IPHONE_ID}`,
  },
];

function renderForm(path = '/', beforeHydration?: (container: HTMLElement) => void) {
  return renderWithProviders(
    <>
      <SearchForm />
      <Where />
    </>,
    { path, auth: false, beforeHydration },
  );
}

/** Types into the server's HTML, as a visitor does before the page's scripts have run. */
const typeBeforeHydration = (text: string, focus: boolean) => (container: HTMLElement) => {
  const input = container.querySelector('input[name="q"]') as HTMLInputElement;
  if (focus) input.focus();
  input.value = text;
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const requested = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeAll(async () => {
  // The dropdown and the suggestion schema are fetched on demand (after the first paint); have
  // them at hand, as a visitor who has been on the page for a moment would.
  await Promise.all([import('./search-dropdown'), import('@kiyasla/contracts/search')]);
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.clear();
  resetSuggestionCache();
  resetTrendingSearches();
  fetchMock = vi.fn(async (url: string) =>
    url.includes('/trending') ? ok([{ term: 'airpods', count: 4 }]) : ok(SUGGESTIONS),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const box = () => screen.getByRole('combobox', { name: 'Ürün, marka veya kategori ara' });
const where = () => screen.getByTestId('where').textContent;

async function type(text: string) {
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
  });
}

describe('SearchForm', () => {
  it('is a combobox controlling a listbox of grouped suggestions', async () => {
    renderForm();
    await type('iph');
    const listbox = screen.getByRole('listbox', { name: 'Arama önerileri' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Kategoriler' })).toBeTruthy();
    expect(within(listbox).getByRole('group', { name: 'Markalar' })).toBeTruthy();
    const products = within(listbox).getByRole('group', { name: 'Ürünler' });
    expect(within(products).getByRole('option').textContent).toContain('₺53.548,00');
    expect(within(products).getByText('iPh').tagName).toBe('MARK');
  });

  it('asks once for quick keystrokes and aborts the request of a term typed over', async () => {
    renderForm();
    fireEvent.focus(box());
    for (const text of ['i', 'ip', 'iph']) fireEvent.change(box(), { target: { value: text } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    });
    expect(requested().filter((u) => u.includes('/suggestions'))).toEqual(['/api/search/suggestions?q=iph']);

    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    fireEvent.change(box(), { target: { value: 'ipho' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    });
    const signal = (fetchMock.mock.calls.at(-1)![1] as RequestInit).signal!;
    fireEvent.change(box(), { target: { value: 'iphon' } });
    expect(signal.aborted).toBe(true);
    // The late answer for "ipho" is not shown.
    release(ok([{ type: 'brand', text: 'Stale', productCount: 1, url: '/search?q=Stale' }]));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    });
    expect(screen.queryByText('Stale')).toBeNull();
    expect(requested().at(-1)).toBe('/api/search/suggestions?q=iphon');
  });

  it('opens the product chosen with the arrow keys and Enter', async () => {
    renderForm();
    await type('iph');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const active = document.getElementById(box().getAttribute('aria-activedescendant')!);
    expect(active?.getAttribute('aria-selected')).toBe('true');
    expect(active?.textContent).toContain('Apple iPhone 15');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(where()).toBe(`/product/${IPHONE_ID}`);
    // Opening a product is not a search.
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('opens a category with a click', async () => {
    renderForm();
    await type('tel');
    fireEvent.click(screen.getByRole('option', { name: /Telefon/ }));
    expect(where()).toBe('/category/telefon');
  });

  it('searches for the text on Enter without an active option, and remembers it', async () => {
    renderForm();
    await type('  kulaklık ');
    fireEvent.submit(screen.getByRole('search'));
    expect(where()).toBe('/search?q=kulakl%C4%B1k');
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['kulaklık']);
  });

  it('does nothing for a blank search', async () => {
    renderForm();
    await type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Ara' }));
    expect(where()).toBe('/');
  });

  it('closes on Escape, then clears the text on a second Escape', async () => {
    renderForm();
    await type('iph');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('iph');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('shows recent and trending searches in the empty box; each recent one can be removed', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['tablet', 'kamera']));
    renderForm();
    fireEvent.focus(box());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const recent = screen.getByRole('group', { name: 'Son Aramalar' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['tablet', 'kamera']);
    expect(within(screen.getByRole('group', { name: 'Popüler Aramalar' })).getByRole('option').textContent).toBe(
      'airpods',
    );
    expect(requested().filter((u) => u.includes('/trending'))).toHaveLength(1);

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Delete' });
    expect(within(screen.getByRole('group', { name: 'Son Aramalar' })).getAllByRole('option')).toHaveLength(1);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['tablet', 'kamera']));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: RECENT_SEARCHES_KEY })));
    // The pointer's remove mark drops one entry without choosing it.
    fireEvent.click(within(screen.getByRole('option', { name: 'tablet' })).getByTitle('Kaldır'));
    expect(within(screen.getByRole('group', { name: 'Son Aramalar' })).getAllByRole('option')).toHaveLength(1);
    expect(where()).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: /Temizle/ }));
    expect(screen.queryByRole('group', { name: 'Son Aramalar' })).toBeNull();

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(where()).toBe('/search?q=airpods');
  });

  it('shows the term of the search page it is on', () => {
    renderForm('/search?q=kulakl%C4%B1k');
    expect((box() as HTMLInputElement).value).toBe('kulaklık');
  });

  it('searches for what was typed before the page was hydrated', async () => {
    renderForm('/', typeBeforeHydration('samsnug', true));
    expect((box() as HTMLInputElement).value).toBe('samsnug');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    });
    // Focused, the box offers suggestions for it as if typed now.
    expect(box().getAttribute('aria-expanded')).toBe('true');
    fireEvent.submit(screen.getByRole('search'));
    expect(where()).toBe('/search?q=samsnug');
  });

  it("keeps a term typed over the search page's before hydration", async () => {
    renderForm('/search?q=kulakl%C4%B1k', typeBeforeHydration('kulaklık kablosuz', false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect((box() as HTMLInputElement).value).toBe('kulaklık kablosuz');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(screen.getByRole('search'));
    expect(where()).toBe('/search?q=kulakl%C4%B1k%20kablosuz');
    expect((box() as HTMLInputElement).value).toBe('kulaklık kablosuz');
  });
});
