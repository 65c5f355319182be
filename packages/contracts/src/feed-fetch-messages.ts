/**
 * Why a scheduled pull of a store's feed failed before the import could read it: the stable codes
 * kept in `feed_imports.error_code` and their Turkish texts (`error_message`), shown to store
 * operators in the import history.
 */
export const feedFetchMessages = {
  FEED_FETCH_BAD_URL: 'Akış adresi geçerli bir http veya https adresi değil.',
  FEED_FETCH_BLOCKED_ADDRESS:
    'Akış adresi yerel ya da özel bir ağ adresine çıkıyor; güvenlik nedeniyle bu adreslerden akış çekilmez.',
  FEED_FETCH_TIMEOUT: 'Akış dosyası süre sınırı içinde indirilemedi.',
  FEED_FETCH_HTTP_STATUS: 'Mağaza sunucusu akış dosyası yerine bir hata yanıtı verdi.',
  FEED_FETCH_TOO_LARGE: 'Akış dosyası izin verilen boyutu aşıyor.',
  FEED_FETCH_REDIRECT_LOOP: 'Akış adresi kendine geri yönlendiriyor (yönlendirme döngüsü).',
  FEED_FETCH_TOO_MANY_REDIRECTS: 'Akış adresi üçten fazla kez yönlendiriliyor.',
  FEED_FETCH_UNSUPPORTED_ENCODING: 'Mağaza sunucusu akışı desteklenmeyen bir sıkıştırmayla gönderdi (yalnızca gzip).',
  FEED_FETCH_NETWORK: 'Mağaza sunucusuna bağlanılamadı ya da bağlantı yarıda kesildi.',
  FEED_FETCH_ABORTED: 'Akış çekme işlemi durduruldu.',
} as const;

export type FeedFetchErrorCode = keyof typeof feedFetchMessages;

/** The operator's message for `code`, with a detail (an HTTP status, a host) in parentheses. */
export function feedFetchMessage(code: FeedFetchErrorCode, detail?: string): string {
  const base = feedFetchMessages[code];
  return detail ? `${base} (${detail})` : base;
}
