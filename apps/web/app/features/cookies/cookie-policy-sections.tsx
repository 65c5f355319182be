import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { lazyHydrated } from '~/lib/lazy-component';
import { CookieTypeTables } from './components/cookie-type-tables';

// Far below the fold; its switches (Radix) and the stored choices are hydrated when its code has
// arrived, after the first paint (ADR 011).
const CookiePreferencesPanel = lazyHydrated(() =>
  import('./components/cookie-preferences-panel').then((m) => m.CookiePreferencesPanel),
);

/** Same shape as the legal layout's sections, so the route can render them there. */
export interface CookiePolicySection {
  id: string;
  title: string;
  content: ReactNode;
}

export const COOKIE_PREFERENCES_ANCHOR = 'tercihler';

export const COOKIE_POLICY_INTRO =
  'Bu politika, Kıyasla’yı ziyaret ettiğinizde cihazınıza yerleştirilen çerezleri ve benzeri teknolojileri, bunları hangi amaçlarla kullandığımızı ve tercihlerinizi nasıl yönetebileceğinizi açıklar.';

export const COOKIE_POLICY_SECTIONS: readonly CookiePolicySection[] = [
  {
    id: 'cerez-nedir',
    title: 'Çerez Nedir?',
    content: (
      <>
        <p>
          Çerezler, bir web sitesini ziyaret ettiğinizde tarayıcınız aracılığıyla cihazınıza kaydedilen küçük metin
          dosyalarıdır. Siteye tekrar geldiğinizde tarayıcınız bu bilgileri geri göndererek sitenin sizi ve
          tercihlerinizi hatırlamasını sağlar.
        </p>
        <p>
          Bazı çerezler tarayıcınızı kapattığınızda silinir (oturum çerezleri), bazıları ise belirlenen süre boyunca
          cihazınızda kalır (kalıcı çerezler). Tarayıcının yerel deposu (localStorage) gibi benzer teknolojileri de bu
          politika kapsamında “çerez” olarak anıyoruz.
        </p>
      </>
    ),
  },
  {
    id: 'cerez-kullanimi',
    title: 'Çerezleri Neden Kullanıyoruz?',
    content: (
      <ul>
        <li>Oturumunuzu açık tutmak ve hesabınızı yetkisiz erişime karşı korumak,</li>
        <li>tema seçiminiz, son aramalarınız ve karşılaştırma listeniz gibi tercihlerinizi hatırlamak,</li>
        <li>sitenin nasıl kullanıldığını anonim olarak ölçerek hizmetimizi geliştirmek,</li>
        <li>izin vermeniz hâlinde reklam kampanyalarımızın etkinliğini ölçmek.</li>
      </ul>
    ),
  },
  {
    id: 'cerez-turleri',
    title: 'Kullandığımız Çerez Türleri',
    content: <CookieTypeTables />,
  },
  {
    id: COOKIE_PREFERENCES_ANCHOR,
    title: 'Çerez Tercihleriniz',
    content: (
      <>
        <p>
          Zorunlu çerezler dışındaki çerezleri dilediğiniz zaman açıp kapatabilirsiniz. Tercihleriniz yalnızca bu
          tarayıcıda saklanır; farklı bir cihaz veya tarayıcı kullandığınızda yeniden seçmeniz gerekir.
        </p>
        <CookiePreferencesPanel />
      </>
    ),
  },
  {
    id: 'tarayici-ayarlari',
    title: 'Tarayıcınızdan Çerezleri Yönetme',
    content: (
      <>
        <p>
          Çoğu tarayıcı çerezleri görüntülemenize, silmenize veya tamamen engellemenize olanak tanır. Bu ayarlara
          genellikle tarayıcınızın “Ayarlar → Gizlilik ve Güvenlik” menüsünden ulaşabilirsiniz.
        </p>
        <p>
          Zorunlu çerezleri engellemeniz hâlinde oturum açma ve karşılaştırma listesi gibi bazı özellikler düzgün
          çalışmayabilir.
        </p>
      </>
    ),
  },
  {
    id: 'ucuncu-taraf',
    title: 'Üçüncü Taraf Çerezleri',
    content: (
      <p>
        Analitik ve pazarlama çerezlerinin bir kısmı, hizmet aldığımız ölçüm ve reklam sağlayıcıları tarafından
        yerleştirilir. Bu çerezler yalnızca onay vermeniz hâlinde etkinleşir ve sağlayıcıların kendi gizlilik
        politikalarına tabidir. Kişisel verilerinizin işlenmesine ilişkin ayrıntılar{' '}
        <Link to="/privacy">Gizlilik Politikası</Link> ve <Link to="/privacy-policy">KVKK Aydınlatma Metni</Link>{' '}
        sayfalarında yer alır.
      </p>
    ),
  },
  {
    id: 'iletisim',
    title: 'Değişiklikler ve İletişim',
    content: (
      <p>
        Bu politikayı yeni çerezler eklendiğinde veya mevzuat değiştiğinde güncelleyebiliriz; güncel sürüm her zaman bu
        sayfada yayımlanır. Çerezlerle ilgili sorularınız için <a href="mailto:kvkk@kiyasla.test">kvkk@kiyasla.test</a>{' '}
        adresine yazabilir veya <Link to="/contact">iletişim formunu</Link> kullanabilirsiniz.
      </p>
    ),
  },
];
