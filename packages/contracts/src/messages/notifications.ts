/** `messages.notifications` (../messages.ts): in-app notifications. */
export const notificationsMessages = {
  // Spec §8, verbatim.
  loadError: 'Bildirimler yüklenirken bir hata oluştu',
  // Server answers the specification leaves open.
  notFound: 'Bildirim bulunamadı.',
  markedRead: 'Bildirim okundu olarak işaretlendi.',
  allMarkedRead: 'Tüm bildirimler okundu olarak işaretlendi.',
  deleted: 'Bildirim silindi.',
} as const;
