/**
 * Turkish messages of store-feed parsing: why one item was rejected, why a whole file was
 * refused. Keys are the stable codes of `feeds.ts`; the texts are shown to store operators.
 */
export const feedMessages = {
  rejections: {
    NOT_AN_OBJECT: 'Ürün kaydı bir nesne değil.',
    BAD_ROW: 'Satırdaki sütun sayısı başlık satırıyla uyuşmuyor.',
    MISSING_SKU: 'Mağaza ürün kodu (sku) eksik.',
    MISSING_PRICE: 'Fiyat eksik.',
    BAD_PRICE: 'Fiyat geçerli bir sayı değil.',
    ZERO_PRICE: 'Fiyat sıfır olamaz.',
    NEGATIVE_PRICE: 'Fiyat negatif olamaz.',
    PRICE_TOO_HIGH: 'Fiyat izin verilen üst sınırı aşıyor.',
    OTHER_CURRENCY: 'Fiyat Türk lirası (TRY) değil; yalnızca TRY fiyatlar kabul edilir.',
    BAD_ORIGINAL_PRICE: 'Liste fiyatı (originalPrice) geçerli bir fiyat değil.',
    MISSING_URL: 'Ürün bağlantısı (url) eksik.',
    BAD_URL: 'Ürün bağlantısı geçerli bir http veya https adresi değil.',
    MISSING_AVAILABILITY: 'Stok durumu (availability) eksik.',
    BAD_AVAILABILITY: 'Stok durumu tanınmıyor.',
    BAD_GTIN: 'GTIN (barkod) geçerli değil.',
    BAD_PRODUCT_ID: 'Ürün kimliği (productId) geçerli değil.',
    BAD_SHIPPING: 'Kargo bilgisi geçerli değil.',
    BAD_FIELD: 'Bir alanın türü geçersiz.',
    FIELD_TOO_LONG: 'Bir alan izin verilen uzunluğu aşıyor.',
    BAD_CHARACTER: 'Bir alan saklanamayan bir karakter içeriyor (NUL ya da bozuk Unicode).',
    PRICE_JUMP: 'Fiyat teklifin son fiyatının 10 katından fazla ya da onda birinden az; teklif son fiyatını koruyor.',
    DUPLICATE_SKU: 'Bu stok kodu (sku) akışta daha önce geçti; yalnızca ilki alındı.',
    DUPLICATE_PRODUCT: 'Bu ürün akışta başka bir stok koduyla daha önce geçti; yalnızca ilki alındı.',
  },
  refusals: {
    FEED_UNKNOWN_FORMAT: 'Dosya JSON, CSV veya XML biçiminde değil.',
    FEED_FORMAT_MISMATCH: 'Bildirilen içerik türü ile dosyanın içeriği uyuşmuyor.',
    FEED_BAD_ENCODING: 'Dosya geçerli bir UTF-8 metni değil.',
    FEED_BAD_GZIP: 'Sıkıştırılmış (gzip) dosya açılamadı.',
    FEED_TOO_LARGE: 'Dosya izin verilen boyutu aşıyor.',
    FEED_MALFORMED: 'Dosya bozuk; sözdizimi hatası içeriyor.',
    FEED_WRONG_ROOT: 'Dosyanın yapısı beklenen ürün akışı yapısında değil.',
    FEED_BAD_HEADER: 'CSV başlık satırı eksik ya da hatalı: sku, price, url ve availability sütunları gerekli.',
    FEED_BAD_MODE: 'Akış modu (mode) "full" ya da "partial" olmalı.',
    FEED_EMPTY: 'Dosyada hiç ürün yok.',
  },
  /** Outcomes of an import as a whole that are not a refusal of the file. */
  outcomes: {
    FEED_HELD:
      'Akış mağazanın tekliflerinin yarısından fazlasını pasifleştirecekti; şüpheli bulundu ve hiçbir teklif pasifleştirilmedi. Akış doğruysa zorlayarak yeniden yükleyin.',
    FEED_IMPORT_BUSY: 'Bu mağazanın bir içe aktarımı şu anda sürüyor; bitince yeniden deneyin.',
    FEED_IMPORT_FAILED:
      'İçe aktarım beklenmeyen bir hatayla yarıda kaldı; uygulanan bölümler korunur, akışı yeniden yükleyebilirsiniz.',
  },
} as const;
