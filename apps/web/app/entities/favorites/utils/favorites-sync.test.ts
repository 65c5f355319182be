import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FAVORITES_CHANNEL_NAME,
  FAVORITES_STORAGE_KEY,
  notifyFavoritesChanged,
  startFavoritesSync,
  subscribeFavoritesChanged,
  type FavoritesChangedDetail,
} from './favorites-sync';
import { ASYNC_WAIT_MS } from '~/test/async-wait';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  vi.unstubAllGlobals();
});

function listen() {
  const heard: FavoritesChangedDetail[] = [];
  cleanups.push(subscribeFavoritesChanged((detail) => heard.push(detail)));
  return heard;
}

describe('favoritesChanged broadcast', () => {
  it('tells this tab at once and the other tabs through a BroadcastChannel', async () => {
    const heard = listen();
    const otherTab = new BroadcastChannel(FAVORITES_CHANNEL_NAME);
    cleanups.push(() => otherTab.close());
    const received = new Promise((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });

    notifyFavoritesChanged();

    expect(heard).toEqual([{ source: 'local' }]);
    await expect(received).resolves.toMatchObject({ type: 'favoritesChanged' });
  });

  it('relays a change made in another tab as a local favoritesChanged event', async () => {
    cleanups.push(startFavoritesSync());
    const heard = listen();
    const otherTab = new BroadcastChannel(FAVORITES_CHANNEL_NAME);
    cleanups.push(() => otherTab.close());

    otherTab.postMessage({ type: 'favoritesChanged' });

    await vi.waitFor(() => expect(heard).toEqual([{ source: 'remote' }]), { timeout: ASYNC_WAIT_MS });
  });

  it('falls back to storage events where BroadcastChannel does not exist', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.resetModules();
    const sync = await import('./favorites-sync');
    cleanups.push(sync.startFavoritesSync());
    const heard: FavoritesChangedDetail[] = [];
    cleanups.push(sync.subscribeFavoritesChanged((detail) => heard.push(detail)));

    const before = window.localStorage.getItem(FAVORITES_STORAGE_KEY);
    sync.notifyFavoritesChanged();
    // This tab writes the key for the others…
    expect(window.localStorage.getItem(FAVORITES_STORAGE_KEY)).not.toBe(before);
    // …and hears another tab's write through the storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: FAVORITES_STORAGE_KEY, newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    expect(heard).toEqual([{ source: 'local' }, { source: 'remote' }]);
  });

  it('stops relaying once the last sync is stopped', async () => {
    const stop = startFavoritesSync();
    const heard = listen();
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: FAVORITES_STORAGE_KEY, newValue: 'y' }));
    expect(heard).toEqual([]);
  });
});
