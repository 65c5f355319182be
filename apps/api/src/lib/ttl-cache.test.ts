import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

afterEach(() => vi.useRealTimers());

describe('TtlCache', () => {
  it('serves a cached value until it expires, then reloads', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<string>(1000);
    let loads = 0;
    const load = () => new Promise<string>((r) => setTimeout(() => r(`v${++loads}`), 10));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual(['v1', 'v1', 1]);
  });

  it('does not cache failures', async () => {
    const cache = new TtlCache<string>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('forgets everything on clear()', async () => {
    const cache = new TtlCache<number>(60_000);
    let n = 0;
    await cache.get('k', async () => ++n);
    cache.clear();
    expect(await cache.get('k', async () => ++n)).toBe(2);
  });

  it('does not store a load that was in flight during clear()', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });
});
