/** `messages.alerts` (../messages.ts): price alerts. */
export const alertsMessages = {
  // Spec §5/§6/§8, verbatim.
  premiumRequired: 'Premium Gerekli – Fiyat alarmı özelliği premium kullanıcılar içindir.',
  loginRequired: 'Giriş Gerekli',
  targetInvalid: 'Geçerli bir hedef fiyat girin.',
  targetNotBelow: 'Hedef fiyat mevcut fiyattan düşük olmalıdır',
  removed: 'Fiyat alarmı kaldırıldı.',
  createError: 'Alarm oluşturulurken bir hata oluştu.',
  updateError: 'Alarm güncellenirken bir hata oluştu.',
  deleteError: 'Alarm silinirken bir hata oluştu.',
  removeError: 'Alarm kaldırılırken bir hata oluştu.',
  loadError: 'Fiyat alarmları yüklenirken bir hata oluştu',
  // Server answers the specification leaves open.
  targetNotAbove: 'Hedef fiyat mevcut fiyattan yüksek olmalıdır',
  targetTooHigh: 'Hedef fiyat en fazla 10.000.000 ₺ olabilir.',
  productInvalid: 'Geçerli bir ürün seçin.',
  storeInvalid: 'Geçerli bir mağaza seçin.',
  triggerTypeInvalid: 'Geçersiz alarm türü.',
  disabled: 'Fiyat alarmları şu anda kullanılamıyor.',
  notFound: 'Fiyat alarmı bulunamadı.',
  storeNotFound: 'Bu mağaza ürünü satmıyor.',
  exists: 'Bu ürün için zaten bir fiyat alarmınız var.',
  limitReached: (limit: number) =>
    `En fazla ${limit} aktif fiyat alarmınız olabilir. Yeni bir alarm için mevcut alarmlarınızdan birini kapatın veya silin.`,
  created: 'Fiyat alarmı oluşturuldu.',
  updated: 'Fiyat alarmı güncellendi.',
  activated: 'Fiyat alarmı etkinleştirildi.',
  deactivated: 'Fiyat alarmı durduruldu.',
  // The in-app notification of a triggered alert.
  triggeredTitle: 'Fiyat alarmınız tetiklendi',
  triggeredBelow: (product: string, price: string, target: string) =>
    `${product} fiyatı ${price} oldu; hedefiniz ${target} idi.`,
  triggeredAbove: (product: string, price: string, target: string) =>
    `${product} fiyatı ${price} oldu; ${target} hedefinize ulaştı.`,
} as const;
