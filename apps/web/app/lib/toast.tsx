/**
 * Toasts: a tiny external store so `toast(...)` works from anywhere (event handlers, the
 * API client, non-React code) and `<Toaster/>` subscribes with useSyncExternalStore.
 *
 * Life of a toast: `entering` (mounted, off-screen) → after TOAST_ENTER_DELAY_MS `visible`
 * (slides in) → after its duration `leaving` (TOAST_EXIT_MS exit animation) → removed. The
 * countdown to `leaving` pauses while the pointer is over the toast or focus is inside it.
 */
import { useSyncExternalStore } from 'react';
import {
  TOAST_ACTION_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_ENTER_DELAY_MS,
  TOAST_ERROR_DURATION_MS,
  TOAST_EXIT_MS,
} from '~/lib/ui-constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
export type ToastPhase = 'entering' | 'visible' | 'leaving';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before auto-close; defaults to 5000 (errors 7000, with an action 10000). 0 or less keeps it open. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
  action?: ToastAction;
  phase: ToastPhase;
}

/** Older toasts give way beyond this many, so a burst cannot cover the page. */
export const MAX_VISIBLE_TOASTS = 5;

type Listener = () => void;

let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
const timers = new Map<string, Array<ReturnType<typeof setTimeout>>>();
/** Auto-close countdowns: time left, and the running timer (null while paused). */
const countdowns = new Map<string, { left: number; since: number; handle: ReturnType<typeof setTimeout> | null }>();
let counter = 0;
const EMPTY: readonly Toast[] = [];

function emit(): void {
  for (const listener of listeners) listener();
}

function setToasts(next: readonly Toast[]): void {
  toasts = next;
  emit();
}

function addTimer(id: string, ms: number, fn: () => void): void {
  const handle = setTimeout(fn, ms);
  const list = timers.get(id);
  if (list) list.push(handle);
  else timers.set(id, [handle]);
}

function clearTimers(id: string): void {
  for (const handle of timers.get(id) ?? []) clearTimeout(handle);
  timers.delete(id);
  const countdown = countdowns.get(id);
  if (countdown?.handle) clearTimeout(countdown.handle);
  countdowns.delete(id);
}

/** Stops a toast's auto-close countdown (pointer over it, or focus inside it). */
export function pauseToast(id: string): void {
  const countdown = countdowns.get(id);
  if (!countdown?.handle) return;
  clearTimeout(countdown.handle);
  countdown.handle = null;
  countdown.left = Math.max(0, countdown.left - (Date.now() - countdown.since));
}

/** Runs a paused countdown on for the time it had left. */
export function resumeToast(id: string): void {
  const countdown = countdowns.get(id);
  if (!countdown || countdown.handle) return;
  countdown.since = Date.now();
  countdown.handle = setTimeout(() => dismissToast(id), countdown.left);
}

function setPhase(id: string, phase: ToastPhase): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, phase } : t)));
}

function remove(id: string): void {
  clearTimers(id);
  if (toasts.some((t) => t.id === id)) setToasts(toasts.filter((t) => t.id !== id));
}

/** Starts the exit animation of a toast, then removes it. */
export function dismissToast(id: string): void {
  const current = toasts.find((t) => t.id === id);
  if (!current || current.phase === 'leaving') return;
  clearTimers(id);
  setPhase(id, 'leaving');
  addTimer(id, TOAST_EXIT_MS, () => remove(id));
}

function show(options: ToastOptions): string {
  counter += 1;
  const id = `toast-${counter}`;
  const duration =
    options.duration ??
    (options.action
      ? TOAST_ACTION_DURATION_MS
      : options.type === 'error'
        ? TOAST_ERROR_DURATION_MS
        : TOAST_DURATION_MS);
  const item: Toast = {
    id,
    type: options.type,
    title: options.title,
    duration,
    phase: 'entering',
    ...(options.message ? { message: options.message } : {}),
    ...(options.action ? { action: options.action } : {}),
  };
  const overflow = toasts.filter((t) => t.phase !== 'leaving').length + 1 - MAX_VISIBLE_TOASTS;
  setToasts([...toasts, item]);
  if (overflow > 0) {
    for (const old of toasts.filter((t) => t.phase !== 'leaving').slice(0, overflow)) dismissToast(old.id);
  }
  addTimer(id, TOAST_ENTER_DELAY_MS, () => setPhase(id, 'visible'));
  if (duration > 0) {
    countdowns.set(id, { left: TOAST_ENTER_DELAY_MS + duration, since: 0, handle: null });
    resumeToast(id);
  }
  return id;
}

type Shorthand = (title: string, message?: string, extra?: Omit<ToastOptions, 'type' | 'title' | 'message'>) => string;

interface ToastFn {
  (options: ToastOptions): string;
  success: Shorthand;
  error: Shorthand;
  warning: Shorthand;
  info: Shorthand;
  dismiss: (id: string) => void;
}

const shorthand =
  (type: ToastType): Shorthand =>
  (title, message, extra) =>
    show({ ...extra, type, title, ...(message ? { message } : {}) });

export const toast: ToastFn = Object.assign(show, {
  success: shorthand('success'),
  error: shorthand('error'),
  warning: shorthand('warning'),
  info: shorthand('info'),
  dismiss: dismissToast,
});

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** The current toasts; always empty during server rendering. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, () => EMPTY);
}

/** Test helper: drops every toast and pending timer. */
export function resetToasts(): void {
  for (const id of [...timers.keys(), ...countdowns.keys()]) clearTimers(id);
  toasts = EMPTY;
  emit();
}
