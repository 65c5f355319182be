import type { Availability } from '@kiyasla/contracts/constants';

export type AvailabilityTone = 'success' | 'warning' | 'danger';

/** The specification's three states: in stock, limited, otherwise out of stock. */
export function availabilityLabel(availability: Availability): { label: string; tone: AvailabilityTone } {
  if (availability === 'in-stock') return { label: 'Stokta', tone: 'success' };
  if (availability === 'limited') return { label: 'Sınırlı Stok', tone: 'warning' };
  return { label: 'Tükendi', tone: 'danger' };
}

/** Badge colours; the light theme uses a darker text than the token so small text keeps 4.5:1 on tinted rows. */
export const AVAILABILITY_BADGE: Record<AvailabilityTone, string> = {
  success: 'bg-success/10 text-green-800 dark:text-success',
  warning: 'bg-warning/10 text-amber-800 dark:text-warning',
  danger: 'bg-danger/10 text-red-800 dark:text-danger',
};
