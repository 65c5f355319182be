import { Link } from 'react-router';
import { DATA_CONTROLLER, type LegalSection } from './legal-types';

export const PRIVACY_INTRO =
  'Kıyasla olarak kişisel verilerinizin güvenliğine önem veriyoruz. Bu politika, sitemizi ve hizmetlerimizi kullanırken hangi verileri topladığımızı, bunları hangi amaçlarla ve hangi hukuki sebeplere dayanarak işlediğimizi ve 6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK) kapsamındaki haklarınızı açıklar.';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'toplanan-veriler',
    title: 'Topladığımız Veriler',
    content: (
      <>
        <p>Hizmeti sunabilmek için yalnızca gerekli olan verileri topluyoruz:</p>
        <ul>
          <li>
            <strong>Kimlik ve iletişim bilgileri:</strong> ad, soyad, e-posta adresi ve isteğe bağlı olarak telefon
            numarası ve profil fotoğrafı.
          </li>
          <li>
            <strong>Hesap ve üyelik bilgileri:</strong> şifrenizin geri döndürülemez özeti (şifrenin kendisi saklanmaz),
            üyelik planınız, abonelik başlangıç ve yenileme tarihleri.
          </li>
          <li>
            <strong>Kullanım verileri:</strong> favorileriniz, fiyat alarmlarınız, kayıtlı karşılaştırmalarınız,
            bildirim tercihleriniz ve arama geçmişiniz.
          </li>
          <li>
            <strong>Teknik veriler:</strong> IP adresi, tarayıcı ve cihaz türü, oturum kayıtları ve çerez verileri.
          </li>
          <li>
            <strong>Ödeme bilgileri:</strong> Premium satın alımlarında ödeme tutarı, tarihi ve işlem numarası. Kart
            bilgileriniz doğrudan ödeme sağlayıcısı tarafından işlenir; Kıyasla kart numaranızı görmez ve saklamaz.
          </li>
        </ul>
        <p>
          Google ile giriş yaptığınızda yalnızca adınız, e-posta adresiniz ve profil fotoğrafınız bu hizmetten alınır.
        </p>
      </>
    ),
  },
  {
    id: 'isleme-amaclari',
    title: 'Verileri Hangi Amaçlarla İşliyoruz?',
    content: (
      <ul>
        <li>Üyelik hesabınızı oluşturmak, oturumunuzu güvenle yönetmek ve kimliğinizi doğrulamak,</li>
        <li>fiyat karşılaştırma, favoriler, fiyat alarmları ve kayıtlı karşılaştırmalar gibi hizmetleri sunmak,</li>
        <li>fiyat düşüşleri ve hesabınızla ilgili önemli gelişmeler hakkında sizi bilgilendirmek,</li>
        <li>Premium aboneliğinizi, ödemelerinizi, yenileme ve iade süreçlerinizi yürütmek,</li>
        <li>destek taleplerinizi yanıtlamak,</li>
        <li>sitenin güvenliğini sağlamak, kötüye kullanımı ve dolandırıcılığı önlemek,</li>
        <li>yasal yükümlülüklerimizi yerine getirmek ve yetkili kurumların taleplerini karşılamak,</li>
        <li>açık rızanız bulunması hâlinde hizmetlerimizi iyileştirmek için anonim istatistikler oluşturmak.</li>
      </ul>
    ),
  },
  {
    id: 'hukuki-dayanak',
    title: 'Hukuki Dayanak (KVKK)',
    content: (
      <>
        <p>
          Kişisel verileriniz, 6698 sayılı Kanun’un 5. maddesinde sayılan aşağıdaki hukuki sebeplere dayanılarak
          işlenir:
        </p>
        <ul>
          <li>
            <strong>Sözleşmenin kurulması ve ifası</strong> (m. 5/2-c): üyelik ve Premium abonelik hizmetlerinin
            sunulması,
          </li>
          <li>
            <strong>Hukuki yükümlülüğün yerine getirilmesi</strong> (m. 5/2-ç): vergi, ticaret ve elektronik ticaret
            mevzuatından doğan saklama ve bildirim yükümlülükleri,
          </li>
          <li>
            <strong>Meşru menfaat</strong> (m. 5/2-f): hizmet güvenliğinin sağlanması ve dolandırıcılığın önlenmesi,
          </li>
          <li>
            <strong>Açık rıza</strong> (m. 5/1): analitik ve pazarlama çerezleri ile ticari elektronik ileti gönderimi.
            Açık rızanızı dilediğiniz zaman geri alabilirsiniz.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cerezler',
    title: 'Çerezler',
    content: (
      <>
        <p>
          Sitemizde zorunlu, işlevsel, analitik ve pazarlama amaçlı çerezler kullanılır. Zorunlu çerezler sitenin
          çalışması için gereklidir ve kapatılamaz; diğer çerezler yalnızca tercihlerinize göre etkinleşir.
        </p>
        <p>
          Çerez türleri, saklama süreleri ve tercihlerinizi nasıl değiştirebileceğiniz{' '}
          <Link to="/cookies">Çerez Politikası</Link> sayfamızda ayrıntılı olarak açıklanmıştır.
        </p>
      </>
    ),
  },
  {
    id: 'veri-paylasimi',
    title: 'Verilerin Paylaşılması',
    content: (
      <>
        <p>
          Kişisel verilerinizi satmayız. Verileriniz yalnızca aşağıdaki durumlarda ve gerekli olduğu ölçüde paylaşılır:
        </p>
        <ul>
          <li>ödeme işlemlerinin gerçekleştirilmesi için kart ödeme sağlayıcımızla,</li>
          <li>barındırma, e-posta gönderimi ve altyapı hizmeti aldığımız tedarikçilerle (gizlilik sözleşmesi ile),</li>
          <li>yasal olarak yetkili kamu kurum ve kuruluşları ile adli makamlarla, talep edilmesi hâlinde.</li>
        </ul>
        <p>
          Bir mağazaya yönlendirildiğinizde o mağazanın sitesinde paylaştığınız bilgiler mağazanın kendi gizlilik
          politikasına tabidir. Yurt dışına veri aktarımı yalnızca KVKK’nın 9. maddesinde öngörülen şartlar
          sağlandığında yapılır.
        </p>
      </>
    ),
  },
  {
    id: 'saklama-suresi',
    title: 'Saklama Süresi',
    content: (
      <>
        <p>
          Verilerinizi, hesabınız açık olduğu sürece ve işleme amacının gerektirdiği süre boyunca saklarız.{' '}
          <strong>
            Hesabınızı sildiğinizde kişisel verileriniz 30 gün içinde sistemlerimizden kalıcı olarak silinir
          </strong>{' '}
          veya anonim hâle getirilir.
        </p>
        <p>
          Fatura ve ödeme kayıtları gibi mevzuat gereği saklanması zorunlu veriler, ilgili kanunlarda öngörülen süre
          boyunca erişimi kısıtlanmış olarak tutulur ve sürenin sonunda imha edilir.
        </p>
      </>
    ),
  },
  {
    id: 'haklariniz',
    title: 'Haklarınız',
    content: (
      <>
        <p>KVKK’nın 11. maddesi uyarınca dilediğiniz zaman bize başvurarak:</p>
        <ul>
          <li>kişisel verilerinizin işlenip işlenmediğini öğrenme ve işlenmişse bilgi talep etme,</li>
          <li>işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,</li>
          <li>yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</li>
          <li>eksik veya yanlış işlenmişse düzeltilmesini, şartları oluştuğunda silinmesini isteme,</li>
          <li>otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç çıkmasına itiraz etme,</li>
          <li>kanuna aykırı işleme nedeniyle zarara uğramanız hâlinde zararın giderilmesini talep etme</li>
        </ul>
        <p>
          haklarına sahipsiniz. Verilerinizin bir kopyasını almak veya hesabınızı silmek için{' '}
          <Link to="/privacy-settings">Gizlilik Ayarları</Link> sayfasını da kullanabilirsiniz.{' '}
          <strong>Tüm başvuruları en geç 30 gün içinde</strong> ücretsiz olarak sonuçlandırırız.
        </p>
      </>
    ),
  },
  {
    id: 'guvenlik',
    title: 'Veri Güvenliği',
    content: (
      <ul>
        <li>Site ile tarayıcınız arasındaki tüm trafik TLS (HTTPS) ile şifrelenir.</li>
        <li>Şifreler, güçlü ve tek yönlü bir algoritmayla özetlenerek saklanır; kimse şifrenizi göremez.</li>
        <li>Oturumlar kısa ömürlü erişim anahtarlarıyla yönetilir; şüpheli oturumlar otomatik olarak sonlandırılır.</li>
        <li>
          Verilere erişim, yalnızca görevi gereği ihtiyaç duyan yetkili çalışanlarla sınırlıdır ve kayıt altına alınır.
        </li>
        <li>Sistemlerimiz düzenli olarak yedeklenir ve güvenlik güncellemeleri gecikmeden uygulanır.</li>
      </ul>
    ),
  },
  {
    id: 'cocuklar',
    title: 'Çocukların Gizliliği',
    content: (
      <p>
        Kıyasla’ya üye olabilmek için <strong>en az 18 yaşında</strong> olmanız gerekir. 18 yaşından küçüklere ait
        kişisel verileri bilerek toplamayız. Böyle bir hesabın varlığını fark edersek hesabı kapatır ve ilgili verileri
        sileriz; bu yönde bir bilginiz varsa lütfen bize bildirin.
      </p>
    ),
  },
  {
    id: 'iletisim',
    title: 'İletişim',
    content: (
      <>
        <p>Bu politika veya kişisel verileriniz hakkındaki sorularınız için bize ulaşabilirsiniz:</p>
        <ul>
          <li>
            <strong>Veri sorumlusu:</strong> {DATA_CONTROLLER.name}
          </li>
          <li>
            <strong>Adres:</strong> {DATA_CONTROLLER.address}
          </li>
          <li>
            <strong>E-posta:</strong>{' '}
            <a href={`mailto:${DATA_CONTROLLER.privacyEmail}`}>{DATA_CONTROLLER.privacyEmail}</a>
          </li>
          <li>
            <strong>İletişim formu:</strong> <Link to="/contact">İletişim sayfası</Link>
          </li>
        </ul>
        <p>
          Politikada önemli bir değişiklik yaptığımızda bunu sitede duyurur ve kayıtlı e-posta adresinize bildiririz.
        </p>
      </>
    ),
  },
];
