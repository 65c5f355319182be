import type { UserRole } from '@kiyasla/contracts/constants';

export interface AdminSection {
  to: string;
  label: string;
  /** Roles that may open it (ADR 016); the server checks the same on every call. */
  roles: readonly UserRole[];
}

/** The back office's sections, in the specification's sidebar order where it names them. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Genel Bakış', roles: ['admin', 'moderator'] },
  { to: '/admin/users', label: 'Kullanıcılar', roles: ['admin'] },
  { to: '/admin/categories', label: 'Kategoriler', roles: ['admin', 'moderator'] },
  { to: '/admin/products', label: 'Ürünler', roles: ['admin', 'moderator'] },
  { to: '/admin/stores', label: 'Mağazalar ve Akışlar', roles: ['admin', 'moderator'] },
  { to: '/admin/reviews', label: 'Yorumlar', roles: ['admin', 'moderator'] },
  { to: '/admin/search-terms', label: 'Arama Terimleri', roles: ['admin', 'moderator'] },
  { to: '/admin/subscriptions', label: 'Abonelikler', roles: ['admin'] },
  { to: '/admin/analytics', label: 'Analitik', roles: ['admin', 'moderator'] },
  { to: '/admin/notifications', label: 'Sistem Bildirimi', roles: ['admin'] },
  { to: '/admin/settings', label: 'Sistem Ayarları', roles: ['admin'] },
  { to: '/admin/audit-log', label: 'Denetim Kaydı', roles: ['admin'] },
];

export const isStaff = (role: UserRole | undefined): boolean => role === 'admin' || role === 'moderator';

export function sectionsFor(role: UserRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => section.roles.includes(role));
}
