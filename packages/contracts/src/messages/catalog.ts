/** `messages.catalog` (../messages.ts): products, categories, stores and search. */
export const catalogMessages = {
  productNotFound: 'Ürün bulunamadı',
  sitemapPartNotFound: 'Site haritasının bu bölümü bulunamadı',
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
} as const;
