/**
 * `messages.generic` (../messages.ts), second part: the API's answers to a request it refuses or cannot
 * serve. A module apart from ./generic.ts, which every page's initial JavaScript carries (ADR 011).
 */
export const httpMessages = {
  internal: 'Beklenmeyen bir sunucu hatası oluştu. Lütfen daha sonra tekrar deneyin.',
  validation: 'Gönderilen bilgiler geçersiz.',
  notFoundRoute: 'İstenen adres bulunamadı.',
  methodNotAllowed: 'Bu adres bu yöntemi desteklemiyor.',
  rateLimited: 'Çok fazla istek gönderdiniz. Lütfen biraz bekleyip tekrar deneyin.',
  payloadTooLarge: 'Gönderilen veri çok büyük.',
  unauthorized: 'Bu işlem için giriş yapmanız gerekiyor.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  maintenance: 'Sitemiz bakımdadır. Lütfen daha sonra tekrar deneyin.',
  badJson: 'İstek gövdesi geçerli bir JSON değil.',
  forbiddenKey: 'İstek gövdesi izin verilmeyen bir alan adı içeriyor (__proto__ veya constructor.prototype).',
  badHost: 'İsteğin Host başlığı geçerli bir alan adı değil.',
  badUrl: 'İstenen adres çözümlenemedi: geçersiz karakter kodlaması.',
  badRequest: 'İstek anlaşılamadı.',
  headersTooLarge: 'İsteğin adresi veya başlıkları çok uzun.',
  requestTimeout: 'İstek zaman aşımına uğradı.',
  unsupportedMediaType: 'Desteklenmeyen içerik türü.',
  unsupportedContentEncoding:
    'İstek gövdesinin sıkıştırma biçimi (Content-Encoding) desteklenmiyor. Desteklenenler: gzip, deflate, br.',
  invalidCharacter: 'İstek geçersiz bir karakter içeriyor.',
  serviceUnavailable: 'Hizmete şu anda ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
} as const;
