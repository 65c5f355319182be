/**
 * The Turkish message catalogue shared by the API and the web app. Strings quoted in the
 * specification are reproduced verbatim; keys are stable and never shown to users.
 */
export const messages = {
  generic: {
    error: 'Bir hata oluştu',
    errorRetry: 'Bir hata oluştu. Lütfen tekrar deneyin.',
    httpError: (status: number) => `HTTP error! status: ${status}`,
    internal: 'Beklenmeyen bir sunucu hatası oluştu. Lütfen daha sonra tekrar deneyin.',
    validation: 'Gönderilen bilgiler geçersiz.',
    notFoundRoute: 'İstenen adres bulunamadı.',
    rateLimited: 'Çok fazla istek gönderdiniz. Lütfen biraz bekleyip tekrar deneyin.',
    payloadTooLarge: 'Gönderilen veri çok büyük.',
    unauthorized: 'Bu işlem için giriş yapmanız gerekiyor.',
    forbidden: 'Bu işlem için yetkiniz yok.',
    maintenance: 'Sitemiz bakımdadır. Lütfen daha sonra tekrar deneyin.',
    badJson: 'İstek gövdesi geçerli bir JSON değil.',
    unsupportedMediaType: 'Desteklenmeyen içerik türü.',
  },
  catalog: {
    productNotFound: 'Ürün bulunamadı',
    productLoadError: 'Ürün yüklenirken hata oluştu',
    categoryNotFound: 'Kategori bulunamadı',
    productsNotFound: 'Ürünler bulunamadı',
    dataLoadError: 'Veriler yüklenemedi',
    categoriesLoadFailed: 'Kategoriler yüklenemedi',
    categoriesLoadError: 'Kategoriler yüklenirken bir hata oluştu',
    productsLoadError: 'Ürünler yüklenirken bir hata oluştu',
    noProductsYet: 'Henüz ürün bulunmuyor',
    storeNotFound: 'Mağaza bulunamadı',
    searchError: 'Arama sırasında bir hata oluştu',
    noResults: 'Sonuç Bulunamadı',
  },
  health: {
    databaseDown: 'Veritabanına ulaşılamıyor.',
  },
  gates: {
    loginRequired: 'Giriş Gerekli',
    premiumRequired: 'Premium Gerekli',
    mustLogin: 'Giriş Yapmanız Gerekiyor',
    accessDenied: 'Erişim Reddedildi',
    unauthorizedAccess: 'Yetkisiz Erişim',
  },
} as const;
