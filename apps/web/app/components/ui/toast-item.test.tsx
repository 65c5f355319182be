import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getToasts, resetToasts, toast, useToasts } from '~/lib/toast';
import { ToastItem } from './toast-item';

function Toasts() {
  const toasts = useToasts();
  return (
    <ol>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </ol>
  );
}

const phase = () => getToasts()[0]?.phase;

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

describe('ToastItem', () => {
  it('stays while the pointer is over it and closes after the pointer leaves', () => {
    render(<Toasts />);
    act(() => {
      toast.success('Favorilere eklendi');
      vi.advanceTimersByTime(10 + 1000);
    });
    fireEvent.pointerEnter(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(30_000));
    expect(phase()).toBe('visible');

    fireEvent.pointerLeave(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(4000));
    expect(phase()).toBe('leaving');
  });

  it('stays while focus is inside it, also moving between its buttons', () => {
    render(<Toasts />);
    act(() => {
      toast.info('Giriş Gerekli', undefined, { action: { label: 'Oturum Aç', onClick: vi.fn() } });
      vi.advanceTimersByTime(10);
    });
    act(() => screen.getByRole('button', { name: 'Oturum Aç' }).focus());
    act(() => screen.getByRole('button', { name: 'Kapat' }).focus());
    act(() => vi.advanceTimersByTime(60_000));
    expect(phase()).toBe('visible');

    act(() => screen.getByRole('button', { name: 'Kapat' }).blur());
    act(() => vi.advanceTimersByTime(10_000));
    expect(phase()).toBe('leaving');
  });
});
