/** `messages.comparisons` (../messages.ts): the comparison list and saved comparisons. */
export const comparisonsMessages = {
  // Spec §5/§8, verbatim.
  alreadyInList: 'Bu ürün zaten karşılaştırma listesinde',
  tooMany: (max: number) => `En fazla ${max} ürün karşılaştırabilirsiniz`,
  tooFew: 'En az 2 ürün seçmelisiniz',
  loginRequired: 'Karşılaştırma kaydetmek için giriş yapmalısınız',
  limitReached: (count: number, limit: number) =>
    `Karşılaştırma limitinize ulaştınız (${count}/${limit}). Aboneliğinizi yükseltin.`,
  saveFailed: 'Karşılaştırma kaydedilemedi',
  loadFailed: 'Karşılaştırma yüklenemedi',
  deleteFailed: 'Karşılaştırma silinemedi',
  updateFailed: 'Karşılaştırma güncellenemedi',
  productDetailsError: 'Ürün detayları yüklenirken bir hata oluştu',
  // Server answers and toasts the specification leaves open.
  nameRequired: 'Karşılaştırma adı gereklidir',
  nameTooLong: (max: number) => `Karşılaştırma adı en fazla ${max} karakter olabilir`,
  descriptionTooLong: (max: number) => `Açıklama en fazla ${max} karakter olabilir`,
  tagTooLong: (max: number) => `Bir etiket en fazla ${max} karakter olabilir`,
  tooManyTags: (max: number) => `En fazla ${max} etiket ekleyebilirsiniz`,
  invalidProductId: 'Geçersiz ürün kimliği',
  notFound: 'Karşılaştırma bulunamadı',
  disabled: 'Karşılaştırma özelliği şu anda kullanılamıyor.',
  analysisPremiumOnly: 'Detaylı avantaj/dezavantaj analizi Premium üyeler içindir.',
  added: 'Ürün karşılaştırma listesine eklendi',
  removed: 'Ürün karşılaştırma listesinden çıkarıldı',
  cleared: 'Karşılaştırma listesi temizlendi',
  saved: 'Karşılaştırma kaydedildi',
  loaded: 'Karşılaştırma yüklendi',
  deleted: 'Karşılaştırma silindi',
  updated: 'Karşılaştırma güncellendi',
} as const;
