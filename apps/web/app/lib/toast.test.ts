import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_VISIBLE_TOASTS,
  dismissToast,
  getToasts,
  pauseToast,
  resetToasts,
  resumeToast,
  subscribeToasts,
  toast,
} from './toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

const only = () => {
  const list = getToasts();
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('toast store', () => {
  it('enters after 10 ms, closes after 5000 ms, and is removed after a 300 ms exit', () => {
    toast({ type: 'success', title: 'Ürün karşılaştırmaya eklendi' });
    expect(only()).toMatchObject({ type: 'success', title: 'Ürün karşılaştırmaya eklendi', phase: 'entering' });

    vi.advanceTimersByTime(10);
    expect(only().phase).toBe('visible');

    vi.advanceTimersByTime(4999);
    expect(only().phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(only().phase).toBe('leaving');

    vi.advanceTimersByTime(299);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps errors for 7000 ms', () => {
    toast.error('Hata', 'Bir hata oluştu');
    expect(only()).toMatchObject({ type: 'error', duration: 7000, message: 'Bir hata oluştu' });
    vi.advanceTimersByTime(10 + 6999);
    expect(only().phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(only().phase).toBe('leaving');
  });

  it('honours an explicit duration, and 0 keeps the toast open', () => {
    toast({ type: 'info', title: 'Kısa', duration: 1000 });
    vi.advanceTimersByTime(1010);
    expect(only().phase).toBe('leaving');
    resetToasts();

    toast({ type: 'warning', title: 'Kalıcı', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(only().phase).toBe('visible');
  });

  it('has shorthands for every type', () => {
    toast.success('a');
    toast.error('b');
    toast.warning('c', 'mesaj');
    toast.info('d');
    expect(getToasts().map((t) => t.type)).toEqual(['success', 'error', 'warning', 'info']);
    expect(getToasts()[2]?.message).toBe('mesaj');
  });

  it('keeps the action handler', () => {
    const onClick = vi.fn();
    toast({ type: 'info', title: 'Giriş Gerekli', action: { label: 'Oturum Aç', onClick } });
    only().action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('dismisses on demand with the exit animation', () => {
    const id = toast.info('Kapat beni');
    vi.advanceTimersByTime(10);
    dismissToast(id);
    expect(only().phase).toBe('leaving');
    vi.advanceTimersByTime(300);
    expect(getToasts()).toHaveLength(0);
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    toast.info('x');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast.info('y');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lets the oldest toasts go when too many pile up', () => {
    for (let i = 0; i < MAX_VISIBLE_TOASTS + 2; i += 1) toast.info(`t${i}`);
    vi.advanceTimersByTime(300);
    const titles = getToasts().map((t) => t.title);
    expect(titles).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(titles[0]).toBe('t2');
  });

  it('keeps a toast with an action for 10000 ms', () => {
    toast({ type: 'info', title: 'Giriş Gerekli', action: { label: 'Oturum Aç', onClick: vi.fn() } });
    expect(only().duration).toBe(10_000);
    vi.advanceTimersByTime(10 + 9999);
    expect(only().phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(only().phase).toBe('leaving');
  });

  it('stops the countdown while paused and runs on for the time that was left', () => {
    const id = toast.success('Kaydedildi');
    vi.advanceTimersByTime(10 + 3000);
    pauseToast(id);
    vi.advanceTimersByTime(60_000);
    expect(only().phase).toBe('visible');

    resumeToast(id);
    vi.advanceTimersByTime(1999);
    expect(only().phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(only().phase).toBe('leaving');
  });
});
