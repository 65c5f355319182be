import type { OptionalCookieCategory } from './cookie-preferences';

export type CookieCategoryKey = 'necessary' | OptionalCookieCategory;

export interface CookieEntry {
  name: string;
  purpose: string;
  /** One of the durations stated by the specification. */
  duration: string;
}

export interface CookieCategoryInfo {
  key: CookieCategoryKey;
  title: string;
  description: string;
  cookies: readonly CookieEntry[];
}

/** Cookie types, what they do and how long they live; durations as listed in the specification. */
export const COOKIE_CATEGORIES: readonly CookieCategoryInfo[] = [
  {
    key: 'necessary',
    title: 'Zorunlu Çerezler',
    description:
      'Oturum açma, güvenlik ve çerez tercihlerinizin hatırlanması gibi sitenin temel işlevleri için gereklidir. Bu çerezler kapatılamaz.',
    cookies: [
      { name: 'kiyasla_session', purpose: 'Oturumunuzu güvenli biçimde açık tutar.', duration: 'Oturum' },
      { name: 'csrf_token', purpose: 'Form gönderimlerini sahte isteklere karşı korur.', duration: '24 saat' },
      {
        name: 'lb_route',
        purpose: 'İsteklerinizi aynı sunucuya yönlendirerek sayfaların hızlı açılmasını sağlar.',
        duration: '30 dakika',
      },
      { name: 'cookiePreferences', purpose: 'Bu sayfada verdiğiniz çerez tercihlerini hatırlar.', duration: '1 yıl' },
    ],
  },
  {
    key: 'functional',
    title: 'İşlevsel Çerezler',
    description:
      'Tema seçiminiz, son aramalarınız ve incelediğiniz ürünler gibi tercihlerinizi hatırlayarak deneyiminizi kişiselleştirir.',
    cookies: [
      { name: 'theme', purpose: 'Açık veya koyu tema seçiminizi hatırlar.', duration: '1 yıl' },
      { name: 'recent_searches', purpose: 'Son aramalarınızı arama kutusunda önerir.', duration: '30 gün' },
      { name: 'recently_viewed', purpose: 'Son incelediğiniz ürünleri listeler.', duration: '1 hafta' },
      { name: 'comparison_list', purpose: 'Karşılaştırma listenizi oturum boyunca saklar.', duration: 'Oturum' },
    ],
  },
  {
    key: 'analytics',
    title: 'Analitik Çerezler',
    description:
      'Hangi sayfaların ve özelliklerin kullanıldığını anonim olarak ölçerek siteyi geliştirmemize yardımcı olur.',
    cookies: [
      {
        name: '_ga',
        purpose: 'Ziyaretçileri anonim olarak ayırt ederek kullanım istatistikleri oluşturur.',
        duration: '2 yıl',
      },
      { name: '_gid', purpose: 'Günlük ziyaret istatistiklerini hesaplar.', duration: '24 saat' },
      { name: '_gat', purpose: 'Ölçüm isteklerinin hızını sınırlar.', duration: '1 dakika' },
      {
        name: 'kiyasla_ab',
        purpose: 'Yeni özelliklerin hangi sürümünün daha kullanışlı olduğunu ölçer.',
        duration: '6 ay',
      },
    ],
  },
  {
    key: 'marketing',
    title: 'Pazarlama Çerezleri',
    description:
      'Reklam kampanyalarımızın etkinliğini ölçmek ve diğer sitelerde size ilgi alanlarınıza uygun Kıyasla reklamları göstermek için kullanılır.',
    cookies: [
      { name: '_fbp', purpose: 'Sosyal medya reklamlarımızın performansını ölçer.', duration: '3 ay' },
      { name: '_gcl_au', purpose: 'Arama reklamlarından gelen ziyaretleri ölçer.', duration: '3 ay' },
      {
        name: 'kiyasla_ref',
        purpose: 'Sizi siteye yönlendiren kampanyayı veya iş ortağını kaydeder.',
        duration: '30 gün',
      },
    ],
  },
];
