import type { Availability } from '@kiyasla/contracts/constants';

export type AvailabilityTone = 'success' | 'warning' | 'danger';

/** The specification's three states: in stock, limited, otherwise out of stock. */
export function availabilityLabel(availability: Availability): { label: string; tone: AvailabilityTone } {
  if (availability === 'in-stock') return { label: 'Stokta', tone: 'success' };
  if (availability === 'limited') return { label: 'Sınırlı Stok', tone: 'warning' };
  return { label: 'Tükendi', tone: 'danger' };
}
