import type { MaintenanceSettings } from './settings';

/** The maintenance page's own words; the message itself is the operators' (settings). */
export const maintenanceMessages = {
  title: 'Bakımdayız',
  endsAt: 'Tahmini bitiş:',
} as const;

// No zod here: the web app's root module imports this file, and the shell must stay small (ADR 011).

/**
 * Maintenance mode as it stands at one moment: the admin switch, or a scheduled window
 * (`startDate` ≤ now < `endDate`) that switches itself on and off by the clock. Every instance
 * computes it from the settings on each request, so a saved change applies as soon as the
 * settings reach the instance (ADR 016) and a window opens and closes without anyone acting.
 */
export interface MaintenanceState {
  active: boolean;
  message: string;
  /** When it ends, as far as anyone knows: the scheduled window's end; null while the switch holds it on. */
  endsAt: string | null;
}

export function maintenanceState(settings: MaintenanceSettings, now: Date = new Date()): MaintenanceState {
  const { enabled, startDate, endDate } = settings.scheduledMaintenance;
  const start = startDate ? Date.parse(startDate) : NaN;
  const end = endDate ? Date.parse(endDate) : NaN;
  const t = now.getTime();
  const inWindow = enabled && Number.isFinite(start) && Number.isFinite(end) && start <= t && t < end;
  const active = settings.enableMaintenanceMode || inWindow;
  return {
    active,
    message: settings.maintenanceMessage,
    // The switch outlives any window: while it is on, nobody knows when maintenance ends.
    endsAt: active && inWindow && !settings.enableMaintenanceMode ? new Date(end).toISOString() : null,
  };
}

/** Seconds for a `Retry-After` header, or null when the end is not known. */
export function retryAfterSeconds(state: MaintenanceState, now: Date = new Date()): number | null {
  if (!state.active || !state.endsAt) return null;
  return Math.max(1, Math.ceil((Date.parse(state.endsAt) - now.getTime()) / 1000));
}

/**
 * Web pages that stay open during maintenance: the back office (client-rendered, its API calls
 * pass for operators) and the sign-in page an operator needs to get there.
 */
export function isMaintenanceExemptPage(pathname: string): boolean {
  return pathname === '/login' || pathname === '/admin' || pathname.startsWith('/admin/');
}
