/** Payment history status (spec §3): completed, pending, failed, and our refunded; anything else is unknown. */
export type PaymentStatusTone = 'success' | 'warning' | 'danger' | 'muted';

export function paymentStatus(status: string): { label: string; tone: PaymentStatusTone } {
  switch (status) {
    case 'completed':
      return { label: 'Tamamlandı', tone: 'success' };
    case 'pending':
      return { label: 'Beklemede', tone: 'warning' };
    case 'failed':
      return { label: 'Başarısız', tone: 'danger' };
    case 'refunded':
      return { label: 'İade edildi', tone: 'muted' };
    default:
      return { label: 'Bilinmiyor', tone: 'muted' };
  }
}
