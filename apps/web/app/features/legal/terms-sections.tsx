import { Link } from 'react-router';
import { DATA_CONTROLLER, type LegalSection } from './legal-types';

export const TERMS_INTRO =
  'Bu Kullanım Şartları, Kıyasla web sitesini ve sunduğu hizmetleri kullanımınıza ilişkin kuralları belirler. Siteyi kullanarak veya üye olarak bu şartları kabul etmiş sayılırsınız; lütfen dikkatlice okuyun.';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'hizmetin-tanimi',
    title: 'Hizmetin Tanımı',
    content: (
      <>
        <p>
          Kıyasla, ürünlerin farklı çevrim içi mağazalardaki fiyatlarını bir araya getiren bir fiyat karşılaştırma ve
          fiyat takip hizmetidir. Ürünleri arayabilir, mağaza fiyatlarını karşılaştırabilir, en fazla 5 ürünü yan yana
          kıyaslayabilir, favori listesi oluşturabilir ve Premium üyelikle fiyat alarmı kurabilirsiniz.
        </p>
        <p>
          Kıyasla bir satıcı değildir; ürün satmaz, sipariş almaz ve mağazalarla yaptığınız alışverişin tarafı olmaz.
          Satın alma sözleşmesi doğrudan sizinle ilgili mağaza arasında kurulur.
        </p>
      </>
    ),
  },
  {
    id: 'uyelik',
    title: 'Üyelik ve Hesap Güvenliği',
    content: (
      <ul>
        <li>Üye olurken verdiğiniz bilgilerin doğru ve güncel olmasından siz sorumlusunuz.</li>
        <li>Her kişi yalnızca bir hesap açabilir; hesabınız başkasına devredilemez veya satılamaz.</li>
        <li>
          Şifrenizin gizliliğini korumak sizin sorumluluğunuzdadır. Hesabınızın yetkisiz kullanıldığını fark ederseniz
          şifrenizi hemen değiştirip bize bildirin.
        </li>
        <li>
          Hesabınızı dilediğiniz zaman Hesap Ayarları sayfasından silebilirsiniz; silme sonrası verilerin işlenmesi{' '}
          <Link to="/privacy">Gizlilik Politikası</Link>’nda açıklanmıştır.
        </li>
      </ul>
    ),
  },
  {
    id: 'yas-siniri',
    title: 'Yaş Sınırı',
    content: (
      <p>
        Kıyasla’ya üye olmak ve Premium satın almak için <strong>en az 18 yaşında</strong> olmanız gerekir. 18 yaşından
        küçük olduğu anlaşılan kullanıcıların hesapları kapatılır.
      </p>
    ),
  },
  {
    id: 'premium-abonelik',
    title: 'Premium Abonelikler',
    content: (
      <>
        <p>Premium üyelik, ücretsiz üyeliğe ek olarak aşağıdaki özellikleri sunar:</p>
        <ul>
          <li>fiyat alarmları ve fiyat düşüşü bildirimleri,</li>
          <li>sınırsız kayıtlı karşılaştırma (ücretsiz üyelikte 3, aylık planda 10 karşılaştırma),</li>
          <li>ayrıntılı avantaj/dezavantaj analizi, gelişmiş filtreler ve reklamsız deneyim,</li>
          <li>öncelikli müşteri desteği.</li>
        </ul>
        <p>
          Planlar ve güncel fiyatlar: Aylık Premium 29,99 TL/ay, Yıllık Premium 337,50 TL/yıl ve Ömür Boyu Premium tek
          seferlik 1.429,99 TL. Fiyatlara KDV dahildir. Plan içerikleri ve fiyatları{' '}
          <Link to="/premium-plans">Premium Planlar</Link> sayfasında yer alır; fiyat değişiklikleri mevcut dönemi
          etkilemez ve bir sonraki yenilemeden önce size bildirilir.
        </p>
      </>
    ),
  },
  {
    id: 'odemeler',
    title: 'Ödemeler',
    content: (
      <p>
        Premium ödemeleri, anlaşmalı kart ödeme sağlayıcımızın güvenli ödeme sayfası üzerinden kredi kartı veya banka
        kartıyla alınır. Kart bilgileriniz doğrudan ödeme sağlayıcısı tarafından işlenir; Kıyasla kart bilgilerinizi
        görmez ve saklamaz. Ödemeniz onaylandığında Premium özellikleriniz hemen etkinleşir.
      </p>
    ),
  },
  {
    id: 'otomatik-yenileme',
    title: 'Otomatik Yenileme ve İptal',
    content: (
      <>
        <p>
          Aylık ve yıllık planlar, siz iptal etmedikçe her dönemin sonunda aynı süre için{' '}
          <strong>otomatik olarak yenilenir</strong> ve ücret kayıtlı ödeme yönteminizden tahsil edilir. Ömür Boyu plan
          tek seferlik bir ödemedir ve yenilenmez.
        </p>
        <p>
          Aboneliğinizi Profil sayfanızın Premium sekmesinden dilediğiniz zaman iptal edebilirsiniz. İptal sonrasında
          bir sonraki dönem için ücret alınmaz.
        </p>
      </>
    ),
  },
  {
    id: 'cayma-hakki',
    title: 'İade ve Cayma Hakkı',
    content: (
      <>
        <p>
          Mesafeli Sözleşmeler Yönetmeliği uyarınca, Premium satın alımınızdan itibaren <strong>14 gün içinde</strong>{' '}
          herhangi bir gerekçe göstermeden cayma hakkınızı kullanabilirsiniz.
        </p>
        <p>
          Cayma talebinizi <Link to="/contact">iletişim formundan</Link> “Fatura ve Ödeme” kategorisini seçerek veya{' '}
          <a href={`mailto:${DATA_CONTROLLER.supportEmail}`}>{DATA_CONTROLLER.supportEmail}</a> adresine yazarak
          iletebilirsiniz. Onaylanan iadeler, talebin bize ulaşmasından itibaren 14 gün içinde ödemede kullandığınız
          karta yapılır.
        </p>
      </>
    ),
  },
  {
    id: 'fiyat-bilgileri',
    title: 'Fiyat ve Ürün Bilgileri',
    content: (
      <>
        <p>
          Sitede gösterilen fiyatlar, stok durumları, kargo koşulları ve ürün bilgileri mağazalardan alınır ve düzenli
          aralıklarla güncellenir. Mağazalar fiyatlarını her an değiştirebileceğinden{' '}
          <strong>gösterilen fiyat ile mağazadaki fiyat farklı olabilir</strong>. Geçerli fiyat, satın alma anında
          mağazanın ödeme sayfasında gösterilen fiyattır.
        </p>
        <p>
          Bilgilerin doğru olması için özen gösteririz; ancak mağazaların ilettiği verilerdeki hatalardan ve mağazaların
          ürün, teslimat, iade ve garanti yükümlülüklerinden sorumlu değiliz.
        </p>
      </>
    ),
  },
  {
    id: 'kullanim-kurallari',
    title: 'Kullanım Kuralları',
    content: (
      <>
        <p>Siteyi kullanırken aşağıdakileri yapmamayı kabul edersiniz:</p>
        <ul>
          <li>sitenin içeriğini ve fiyat verilerini otomatik araçlarla toplu olarak kopyalamak,</li>
          <li>hizmetin güvenliğini veya işleyişini bozmaya yönelik girişimlerde bulunmak,</li>
          <li>başkasının hesabını izinsiz kullanmak veya yanıltıcı bilgi vermek,</li>
          <li>hukuka, genel ahlaka veya üçüncü kişilerin haklarına aykırı içerik paylaşmak.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sorumluluk',
    title: 'Sorumluluğun Sınırlandırılması',
    content: (
      <p>
        Hizmet “olduğu gibi” sunulur. Kıyasla; mağazalardan alınan fiyat ve ürün bilgilerindeki hatalardan, mağazalarla
        yaptığınız alışverişten doğan uyuşmazlıklardan veya mücbir sebeplerden kaynaklanan kesintilerden sorumlu
        tutulamaz. Kıyasla’nın ağır kusuru veya kastı bulunan hâller ile tüketici mevzuatından doğan haklarınız
        saklıdır.
      </p>
    ),
  },
  {
    id: 'hizmet-surekliligi',
    title: 'Hizmet Sürekliliği',
    content: (
      <p>
        Hizmetin kesintisiz çalışması için altyapımızı sürekli izliyoruz ve <strong>%99,9 erişilebilirlik</strong>{' '}
        hedefliyoruz. Planlı bakım çalışmaları mümkün olduğunca düşük trafikli saatlerde yapılır ve önceden duyurulur.
        Bu hedef bir taahhüt değildir; beklenmeyen kesintiler yaşanabilir.
      </p>
    ),
  },
  {
    id: 'fesih',
    title: 'Hesabın Askıya Alınması ve Fesih',
    content: (
      <>
        <p>
          Bu şartları ihlal eden hesapları önceden bildirimde bulunarak veya ihlalin ağırlığına göre derhâl askıya alma
          ya da kapatma hakkımız saklıdır. Siz de üyeliğinizi dilediğiniz zaman hesabınızı silerek sona
          erdirebilirsiniz.
        </p>
        <p>
          Şartlarda değişiklik yapmamız hâlinde güncel metni bu sayfada yayımlar, önemli değişiklikleri e-posta ile
          bildiririz. Değişiklikten sonra hizmeti kullanmaya devam etmeniz güncel şartları kabul ettiğiniz anlamına
          gelir.
        </p>
      </>
    ),
  },
  {
    id: 'uygulanacak-hukuk',
    title: 'Uygulanacak Hukuk ve Yetkili Mahkeme',
    content: (
      <p>
        Bu şartlar Türkiye Cumhuriyeti kanunlarına tabidir. Doğabilecek uyuşmazlıklarda İstanbul (Merkez) Mahkemeleri ve
        İcra Daireleri yetkilidir. Tüketici sıfatıyla, yasal parasal sınırlar dâhilinde yerleşim yerinizdeki Tüketici
        Hakem Heyeti’ne veya Tüketici Mahkemesi’ne başvurma hakkınız saklıdır.
      </p>
    ),
  },
  {
    id: 'iletisim',
    title: 'İletişim',
    content: (
      <>
        <p>Kullanım Şartları hakkındaki sorularınız için bize ulaşabilirsiniz:</p>
        <ul>
          <li>
            <strong>Şirket:</strong> {DATA_CONTROLLER.name}
          </li>
          <li>
            <strong>Adres:</strong> {DATA_CONTROLLER.address}
          </li>
          <li>
            <strong>E-posta:</strong>{' '}
            <a href={`mailto:${DATA_CONTROLLER.supportEmail}`}>{DATA_CONTROLLER.supportEmail}</a>
          </li>
          <li>
            <strong>İletişim formu:</strong> <Link to="/contact">İletişim sayfası</Link>
          </li>
        </ul>
      </>
    ),
  },
];
