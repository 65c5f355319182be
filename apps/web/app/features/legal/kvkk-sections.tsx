import { Link } from 'react-router';
import { DATA_CONTROLLER, type LegalSection } from './legal-types';

export const KVKK_INTRO = (
  <>
    <p>
      6698 sayılı Kişisel Verilerin Korunması Kanunu’nun (KVKK) 10. maddesi uyarınca, veri sorumlusu sıfatıyla kişisel
      verilerinizi nasıl işlediğimizi özetleyen aydınlatma metnidir.
    </p>
    <p className="mt-2">
      Ayrıntılı bilgi için{' '}
      <Link to="/privacy" className="font-medium text-primary underline underline-offset-2">
        Gizlilik Politikası
      </Link>{' '}
      sayfamızı inceleyebilirsiniz.
    </p>
  </>
);

const DATA_CATEGORIES = [
  { category: 'Kimlik', examples: 'Ad, soyad' },
  { category: 'İletişim', examples: 'E-posta adresi, telefon numarası (isteğe bağlı)' },
  { category: 'Müşteri işlem', examples: 'Favoriler, fiyat alarmları, kayıtlı karşılaştırmalar, destek talepleri' },
  { category: 'Finans', examples: 'Premium ödeme tutarı, tarihi ve işlem numarası (kart bilgisi hariç)' },
  { category: 'İşlem güvenliği', examples: 'IP adresi, oturum ve giriş kayıtları, cihaz ve tarayıcı bilgisi' },
  { category: 'Pazarlama', examples: 'Çerez tercihleri ve açık rıza hâlinde kampanya tercihleri' },
] as const;

export const KVKK_SECTIONS: readonly LegalSection[] = [
  {
    id: 'veri-sorumlusu',
    title: 'Veri Sorumlusu',
    content: (
      <p>
        Kişisel verileriniz, veri sorumlusu sıfatıyla <strong>{DATA_CONTROLLER.name}</strong> ({DATA_CONTROLLER.address}
        ) tarafından aşağıda açıklanan kapsamda işlenmektedir.
      </p>
    ),
  },
  {
    id: 'veri-kategorileri',
    title: 'İşlenen Kişisel Veri Kategorileri',
    content: (
      <div className="overflow-x-auto rounded-xl border border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">İşlenen kişisel veri kategorileri ve örnekleri</caption>
          <thead className="bg-surface-2 text-ink">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Veri kategorisi
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Örnekler
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {DATA_CATEGORIES.map((row) => (
              <tr key={row.category}>
                <th scope="row" className="px-4 py-3 align-top font-medium whitespace-nowrap text-ink">
                  {row.category}
                </th>
                <td className="px-4 py-3 text-muted">{row.examples}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ),
  },
  {
    id: 'isleme-amaclari',
    title: 'İşleme Amaçları ve Hukuki Sebepler',
    content: (
      <>
        <p>Kişisel verileriniz;</p>
        <ul>
          <li>üyelik sözleşmesinin kurulması ve ifası kapsamında hesabınızın yönetilmesi ve hizmetlerin sunulması,</li>
          <li>Premium abonelik, ödeme, yenileme ve iade süreçlerinin yürütülmesi,</li>
          <li>fiyat alarmı ve hesap bildirimlerinin gönderilmesi, destek taleplerinin yanıtlanması,</li>
          <li>bilgi güvenliğinin sağlanması ve hukuki yükümlülüklerin yerine getirilmesi,</li>
          <li>açık rızanız bulunması hâlinde analiz ve pazarlama faaliyetlerinin yürütülmesi</li>
        </ul>
        <p>
          amaçlarıyla, KVKK’nın 5. maddesindeki sözleşmenin ifası, hukuki yükümlülük, meşru menfaat ve açık rıza hukuki
          sebeplerine dayanılarak; internet sitesi, üyelik ve iletişim formları ile çerezler aracılığıyla elektronik
          ortamda toplanarak işlenir.
        </p>
      </>
    ),
  },
  {
    id: 'aktarim',
    title: 'Kişisel Verilerin Aktarılması',
    content: (
      <p>
        Kişisel verileriniz, yukarıdaki amaçlarla sınırlı olarak ödeme işlemleri için kart ödeme sağlayıcımıza,
        barındırma ve e-posta gönderimi gibi altyapı hizmeti aldığımız tedarikçilere ve talep hâlinde yetkili kamu kurum
        ve kuruluşlarına aktarılabilir. Yurt dışına aktarım yalnızca KVKK’nın 9. maddesindeki şartlar sağlanarak
        yapılır. Verileriniz hiçbir koşulda satılmaz.
      </p>
    ),
  },
  {
    id: 'haklariniz',
    title: 'KVKK 11. Madde Kapsamındaki Haklarınız',
    content: (
      <>
        <p>Veri sahibi olarak;</p>
        <ol>
          <li>kişisel verilerinizin işlenip işlenmediğini öğrenme,</li>
          <li>işlenmişse buna ilişkin bilgi talep etme,</li>
          <li>işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,</li>
          <li>yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</li>
          <li>eksik veya yanlış işlenmişse düzeltilmesini isteme,</li>
          <li>KVKK’nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,</li>
          <li>düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,</li>
          <li>
            münhasıran otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonucun ortaya çıkmasına itiraz etme,
          </li>
          <li>kanuna aykırı işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme</li>
        </ol>
        <p>haklarına sahipsiniz.</p>
      </>
    ),
  },
  {
    id: 'basvuru',
    title: 'Başvuru Yöntemi',
    content: (
      <>
        <p>
          Haklarınızı kullanmak için kimliğinizi doğrulayan bilgilerle birlikte talebinizi{' '}
          <a href={`mailto:${DATA_CONTROLLER.privacyEmail}`}>{DATA_CONTROLLER.privacyEmail}</a> adresine kayıtlı e-posta
          adresinizden gönderebilir, ıslak imzalı bir dilekçeyle {DATA_CONTROLLER.address} adresine iletebilir ya da
          hesabınızdaki <Link to="/privacy-settings">Gizlilik Ayarları</Link> sayfasını kullanabilirsiniz.
        </p>
        <p>
          Başvurunuz, talebin niteliğine göre <strong>en geç 30 gün içinde</strong> ücretsiz olarak sonuçlandırılır.
          İşlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulu’nca belirlenen tarifedeki ücret
          alınabilir.
        </p>
      </>
    ),
  },
];
