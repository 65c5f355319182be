/**
 * The `favoritesChanged` broadcast of spec §4: after every favorite change the header recounts,
 * in this tab and in every other open tab of the site.
 *
 * In this tab it is a plain `favoritesChanged` window event. Other tabs hear it through a
 * BroadcastChannel, or, where that does not exist, through a localStorage write (the `storage`
 * event fires in the other tabs only). A tab that hears another tab re-dispatches the window
 * event locally, so listeners need to know about one event only.
 */

export const FAVORITES_CHANGED_EVENT = 'favoritesChanged';
export const FAVORITES_CHANNEL_NAME = 'kiyasla:favorites';
/** The localStorage key whose writes signal a change to other tabs (fallback transport). */
export const FAVORITES_STORAGE_KEY = 'kiyasla:favoritesChanged';

export interface FavoritesChangedDetail {
  /** 'local': this tab changed them; 'remote': another tab did. */
  source: 'local' | 'remote';
}

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(FAVORITES_CHANNEL_NAME) : null;
  if (channel) channel.onmessage = () => dispatchLocal('remote');
  return channel;
}

function dispatchLocal(source: FavoritesChangedDetail['source']): void {
  window.dispatchEvent(new CustomEvent<FavoritesChangedDetail>(FAVORITES_CHANGED_EVENT, { detail: { source } }));
}

/** Announces a change of the signed-in user's favorites here and in the other tabs. */
export function notifyFavoritesChanged(): void {
  if (typeof window === 'undefined') return;
  dispatchLocal('local');
  const bc = getChannel();
  if (bc) {
    bc.postMessage({ type: FAVORITES_CHANGED_EVENT, at: Date.now() });
    return;
  }
  try {
    // A fresh value every time: writing the same value again would not fire `storage`.
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, `${Date.now()}:${Math.random()}`);
  } catch {
    // Blocked storage: other tabs catch up on their next load.
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key === FAVORITES_STORAGE_KEY) dispatchLocal('remote');
}

let listening = 0;

/**
 * Starts relaying other tabs' changes into this tab's window event (idempotent, counted);
 * returns the stop function. The header does this once for the whole page.
 */
export function startFavoritesSync(): () => void {
  if (typeof window === 'undefined') return () => {};
  listening += 1;
  if (listening === 1) {
    getChannel();
    window.addEventListener('storage', onStorage);
  }
  return () => {
    listening -= 1;
    if (listening > 0) return;
    window.removeEventListener('storage', onStorage);
    channel?.close();
    channel = undefined;
  };
}

/** Calls `listener` on every favorites change, from this tab or (while synced) another. */
export function subscribeFavoritesChanged(listener: (detail: FavoritesChangedDetail) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<FavoritesChangedDetail | null>).detail;
    listener(detail ?? { source: 'local' });
  };
  window.addEventListener(FAVORITES_CHANGED_EVENT, handler);
  return () => window.removeEventListener(FAVORITES_CHANGED_EVENT, handler);
}
