/** `messages.favorites` (../messages.ts): favorites. */
export const favoritesMessages = {
  // Spec §6/§8, verbatim.
  loginRequired: 'Favorilere eklemek için giriş yapmanız gerekiyor.',
  limitTitle: 'Favori Limiti',
  limitFallback: 'Premium abonelik alarak daha fazla ürün ekleyebilirsiniz.',
  /**
   * The one English server message: the favorites screen matches this exact text (§8) to mark
   * the product as favorite and show `alreadyExistsShown` instead.
   */
  alreadyExists: 'Product is already in favorites',
  alreadyExistsShown: 'Ürün zaten favorilerinizde.',
  added: 'Ürün favorilere eklendi.',
  removed: 'Ürün favorilerden kaldırıldı.',
  addError: 'Favorilere eklenirken bir hata oluştu.',
  removeError: 'Favorilerden çıkarılırken bir hata oluştu.',
  loadError: 'Favoriler yüklenirken bir hata oluştu',
  clearError: 'Favoriler temizlenirken bir hata oluştu',
  removeItemError: 'Favori kaldırılırken bir hata oluştu',
  // Server answers the specification leaves open.
  limitReached: (count: number, limit: number) =>
    `Favori limitinize ulaştınız (${count}/${limit}). Premium abonelik alarak daha fazla ürün ekleyebilirsiniz.`,
  premiumLimitReached: (count: number, limit: number) =>
    `Favori limitinize ulaştınız (${count}/${limit}). Yeni ürün eklemek için listenizden ürün çıkarın.`,
  disabled: 'Favoriler özelliği şu anda kullanılamıyor.',
  notFavorite: 'Bu ürün favorilerinizde değil.',
  cleared: 'Tüm favorileriniz temizlendi.',
} as const;
