import { BellRing, Crown, Rocket, Scale, ShoppingBag, UserCog, type LucideIcon } from 'lucide-react';
import { formatNumber } from '~/lib/format';

export interface HelpArticle {
  /** Stable id used in the `?makale=` query parameter. */
  id: string;
  title: string;
  /** Paragraphs of the answer. */
  body: readonly string[];
  views: number;
  /** Optional follow-up action inside the product. */
  action?: { to: string; label: string };
}

export interface HelpCategory {
  /** Stable slug used in the `?kategori=` query parameter. */
  slug: string;
  name: string;
  description: string;
  icon: LucideIcon;
  articles: readonly HelpArticle[];
}

export const HELP_CATEGORIES: readonly HelpCategory[] = [
  {
    slug: 'baslarken',
    name: 'Başlarken',
    description: 'Kıyasla’yı tanıyın: hesap oluşturma, ürün arama ve fiyat listesini okuma.',
    icon: Rocket,
    articles: [
      {
        id: 'kiyasla-nedir',
        title: 'Kıyasla nedir ve nasıl çalışır?',
        views: 3482,
        body: [
          'Kıyasla, aynı ürünün farklı mağazalardaki fiyatlarını tek sayfada toplayan bağımsız bir fiyat karşılaştırma sitesidir. Mağazalar ürün ve fiyat bilgilerini düzenli olarak bize iletir; biz de her ürün için mağaza tekliflerini en düşük fiyattan başlayarak sıralarız.',
          'Satın alma işlemini doğrudan mağazanın kendi sitesinde yaparsınız. Kıyasla ürün satmaz ve sizden hiçbir ücret ya da komisyon almaz; karşılaştırma, favoriler ve kayıtlı karşılaştırmalar ücretsiz hesapla da kullanılabilir.',
        ],
      },
      {
        id: 'hesap-olusturma',
        title: 'Ücretsiz hesap nasıl oluşturulur?',
        views: 2156,
        body: [
          'Sağ üstteki “Kaydol” düğmesine tıklayın; adınızı, soyadınızı ve e-posta adresinizi girin. Şifreniz en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir. Kullanım şartlarını onayladığınızda hesabınız hemen açılır.',
          'Dilerseniz Google hesabınızla tek tıkla da kaydolabilirsiniz. Kıyasla’ya üye olabilmek için 18 yaşını doldurmuş olmanız gerekir.',
        ],
        action: { to: '/register', label: 'Hemen kaydolun' },
      },
      {
        id: 'urun-arama',
        title: 'Aradığım ürünü nasıl bulurum?',
        views: 1874,
        body: [
          'Sayfanın üstündeki arama kutusuna ürün adını, markayı veya model numarasını yazıp Enter’a basın. Yazarken öneriler ve popüler aramalar listelenir.',
          'Türkçe karakter kullanmasanız da sonuç bulursunuz: “kulaklik” araması “Kulaklık” ürünlerini de getirir. Sonuç sayfasında kategori, marka, fiyat aralığı ve mağazaya göre filtreleme yapabilir; listeyi fiyata, puana veya popülerliğe göre sıralayabilirsiniz.',
        ],
      },
      {
        id: 'fiyat-listesini-okuma',
        title: 'Ürün sayfasındaki fiyatlar nasıl okunur?',
        views: 1245,
        body: [
          'Ürün sayfasının üst kısmında ürünün tüm mağazalardaki en düşük fiyatı yer alır. Altındaki listede her mağazanın fiyatı, kargo bilgisi ve stok durumu görünür; “Mağazaya Git” düğmesi sizi ilgili mağazanın ürün sayfasına götürür.',
          'Üstü çizili fiyat, mağazanın indirimden önceki liste fiyatıdır. Fiyat geçmişi grafiğinde ürünün son aylardaki en düşük fiyatını inceleyerek indirimin gerçekten avantajlı olup olmadığını görebilirsiniz.',
        ],
      },
    ],
  },
  {
    slug: 'alisveris',
    name: 'Alışveriş',
    description: 'Mağazaya yönlendirme, kargo, fiyat farkları, iade ve değişim.',
    icon: ShoppingBag,
    articles: [
      {
        id: 'satin-alma-nerede',
        title: 'Satın alma işlemini nerede yaparım?',
        views: 2941,
        body: [
          'Kıyasla üzerinden doğrudan satış yapılmaz. “Mağazaya Git” düğmesine tıkladığınızda ürünün seçtiğiniz mağazadaki sayfası yeni sekmede açılır; sepet, ödeme, fatura ve teslimat adımlarını o mağazada tamamlarsınız.',
          'Siparişiniz, kargonuz veya faturanızla ilgili sorularınızı ürünü satın aldığınız mağazanın müşteri hizmetlerine iletmeniz gerekir.',
        ],
      },
      {
        id: 'fiyat-farki',
        title: 'Mağazadaki fiyat neden farklı görünüyor?',
        views: 2318,
        body: [
          'Fiyatlar, mağazaların gönderdiği ürün listelerinden düzenli aralıklarla güncellenir. İki güncelleme arasında mağaza fiyatı değiştirdiyse, stok tükendiyse veya sepete özel bir kampanya uygulanıyorsa mağazada farklı bir tutar görebilirsiniz.',
          'Geçerli fiyat her zaman mağazanın ödeme sayfasındaki fiyattır. Belirgin bir fiyat farkı görürseniz iletişim formundan bize bildirin; ilgili mağazanın listesini kontrol edelim.',
        ],
        action: { to: '/contact?kategori=feedback', label: 'Fiyat hatası bildirin' },
      },
      {
        id: 'kargo-ucreti',
        title: 'Kargo ücretleri fiyata dahil mi?',
        views: 1502,
        body: [
          'Listede gösterilen tutar ürün fiyatıdır. Kargo ücretsizse fiyatın altında “Ücretsiz kargo” etiketi görünür; ücretli kargoda mağazanın bildirdiği kargo ücreti ve tahmini teslim süresi ayrıca yazılır.',
          'Mağazaları karşılaştırırken ürün fiyatıyla birlikte kargo ücretini ve teslim süresini de dikkate almanızı öneririz.',
        ],
      },
      {
        id: 'iade-degisim',
        title: 'İade ve değişim için kime başvurmalıyım?',
        views: 986,
        body: [
          'Ürünü satın aldığınız mağaza satıcınızdır; iade, değişim, garanti ve teslimat konularında mağazanın müşteri hizmetlerine başvurmalısınız. Mesafeli satışlarda tüketici olarak teslimattan itibaren 14 gün içinde gerekçe göstermeden cayma hakkınız bulunur.',
          'Mağazayla çözemediğiniz bir sorun yaşarsanız bize yazın; mağazanın Kıyasla’daki listelemesini inceleriz.',
        ],
      },
    ],
  },
  {
    slug: 'fiyat-alarmlari',
    name: 'Fiyat Alarmları',
    description: 'Hedef fiyat belirleyin, fiyat düştüğünde ilk siz haberdar olun.',
    icon: BellRing,
    articles: [
      {
        id: 'fiyat-alarmi-kurma',
        title: 'Fiyat alarmı nasıl kurulur?',
        views: 4127,
        body: [
          'Fiyat alarmı Premium üyelere özel bir özelliktir. Ürün sayfasında “Fiyat Alarmı Kur” düğmesine tıklayın, ürünün güncel fiyatından düşük bir hedef fiyat girin ve kaydedin.',
          'Herhangi bir mağazada fiyat hedefinizin altına indiğinde size bildirim gönderilir. Kurduğunuz tüm alarmları Fiyat Alarmları sayfasından takip edebilirsiniz.',
        ],
        action: { to: '/price-alerts', label: 'Fiyat alarmlarıma git' },
      },
      {
        id: 'alarm-bildirimleri',
        title: 'Fiyat alarmı bildirimleri ne zaman gelir?',
        views: 1968,
        body: [
          'Mağaza fiyatları her güncellendiğinde alarmlarınız otomatik olarak kontrol edilir. Fiyat hedefinizin altına indiği anda alarm “Tetiklendi” durumuna geçer, Bildirimler sayfanıza kayıt düşülür ve bildirim ayarlarınıza göre e-posta gönderilir.',
          'Sessiz saatler tanımladıysanız (varsayılan 22:00–08:00) bu aralıkta anlık bildirim almazsınız; kaçırdığınız bildirimler Bildirimler sayfasında sizi bekler.',
        ],
      },
      {
        id: 'alarm-duzenleme',
        title: 'Alarmımı nasıl düzenler veya silerim?',
        views: 1233,
        body: [
          'Fiyat Alarmları sayfasında her alarmın yanında hedef fiyatı düzenleme, alarmı geçici olarak kapatma ve silme seçenekleri bulunur. Tümü, Aktif, Tetiklenen ve Pasif filtreleriyle alarmlarınızı kolayca ayırabilirsiniz.',
          'Tetiklenen bir alarmın hedef fiyatını güncelleyerek aynı ürünü takip etmeye devam edebilirsiniz.',
        ],
      },
      {
        id: 'alarm-premium',
        title: 'Ücretsiz üyelikte fiyat alarmı kurabilir miyim?',
        views: 874,
        body: [
          'Fiyat alarmları aylık, yıllık ve ömür boyu Premium planlarda kullanılabilir; ücretsiz üyelikte bu özellik bulunmaz.',
          'Premium’a geçtiğinizde ürün kartlarında ve ürün sayfalarında alarm düğmesi etkinleşir; dilediğiniz kadar ürün için hedef fiyat belirleyebilirsiniz.',
        ],
        action: { to: '/premium-plans', label: 'Premium planları inceleyin' },
      },
    ],
  },
  {
    slug: 'karsilastirma',
    name: 'Karşılaştırma',
    description: 'Ürünleri yan yana koyun; özellikleri, fiyatları ve mağazaları kıyaslayın.',
    icon: Scale,
    articles: [
      {
        id: 'urun-karsilastirma',
        title: 'Ürünleri nasıl karşılaştırırım?',
        views: 3615,
        body: [
          'Ürün kartlarındaki veya ürün sayfasındaki “Karşılaştır” düğmesiyle ürünleri karşılaştırma listenize ekleyin. Listeye en fazla 5 ürün ekleyebilirsiniz; karşılaştırma yapabilmek için en az 2 ürün gerekir.',
          'Üst menüdeki karşılaştırma simgesine tıkladığınızda ürünler Genel Bakış, Teknik Özellikler ve Fiyat Analizi sekmelerinde yan yana listelenir. Liste yalnızca bu oturum boyunca saklanır; kalıcı olması için karşılaştırmanızı kaydedin.',
        ],
        action: { to: '/comparison', label: 'Karşılaştırma sayfasına git' },
      },
      {
        id: 'karsilastirma-kaydetme',
        title: 'Karşılaştırmamı nasıl kaydederim?',
        views: 1792,
        body: [
          'Karşılaştırma sayfasında “Kaydet” düğmesine tıklayın ve karşılaştırmanıza bir ad verin; isterseniz açıklama ve virgülle ayrılmış etiketler ekleyin. Kaydetmek için giriş yapmış olmanız gerekir.',
          'Kayıtlı karşılaştırmalarınız sayfanın yan panelinde listelenir; tek tıkla yeniden açabilir veya silebilirsiniz.',
        ],
      },
      {
        id: 'karsilastirma-limitleri',
        title: 'Kaç karşılaştırma kaydedebilirim?',
        views: 1406,
        body: [
          'Ücretsiz üyeler 3, Aylık Premium üyeler 10 karşılaştırma kaydedebilir. Yıllık ve Ömür Boyu Premium üyeler için kayıtlı karşılaştırma sınırı yoktur.',
          'Sınıra ulaştığınızda eski bir karşılaştırmayı silerek yer açabilir veya planınızı yükseltebilirsiniz.',
        ],
        action: { to: '/premium-plans', label: 'Planları karşılaştırın' },
      },
      {
        id: 'avantaj-dezavantaj',
        title: 'Avantaj/Dezavantaj analizi nedir?',
        views: 1128,
        body: [
          'Avantaj/Dezavantaj sekmesi, karşılaştırdığınız ürünlerin güçlü ve zayıf yönlerini teknik özelliklerine ve fiyatlarına göre özetler.',
          'Bu ayrıntılı analiz Premium üyelere özeldir; ücretsiz üyeler diğer tüm karşılaştırma sekmelerini sınırsız kullanabilir.',
        ],
      },
    ],
  },
  {
    slug: 'hesap-yonetimi',
    name: 'Hesap Yönetimi',
    description: 'Şifre, favoriler, bildirimler, veri indirme ve hesap silme.',
    icon: UserCog,
    articles: [
      {
        id: 'sifremi-unuttum',
        title: 'Şifremi unuttum, ne yapmalıyım?',
        views: 2687,
        body: [
          'Giriş sayfasındaki “Şifremi unuttum” bağlantısına tıklayıp hesabınıza kayıtlı e-posta adresini girin. Size şifre sıfırlama bağlantısı içeren bir e-posta göndeririz; bağlantı güvenliğiniz için kısa bir süre geçerlidir.',
          'E-posta birkaç dakika içinde gelmezse gereksiz (spam) klasörünü kontrol edin veya destek ekibimize yazın.',
        ],
        action: { to: '/forgot-password', label: 'Şifremi sıfırla' },
      },
      {
        id: 'favori-limitleri',
        title: 'Favori listemde kaç ürün tutabilirim?',
        views: 1554,
        body: [
          'Ücretsiz üyeler favori listesine 20 ürüne kadar ekleyebilir. Premium üyelikte bu sınır 500 ürüne çıkar.',
          'Favorilerinizi eklenme tarihine, fiyata veya ada göre sıralayabilir, listeden doğrudan karşılaştırmaya ekleyebilirsiniz.',
        ],
        action: { to: '/favorites', label: 'Favorilerime git' },
      },
      {
        id: 'veri-indirme',
        title: 'Verilerimin bir kopyasını nasıl alırım?',
        views: 942,
        body: [
          'Gizlilik Ayarları sayfasındaki veri indirme seçeneğiyle profil bilgilerinizin, favorilerinizin, fiyat alarmlarınızın ve kayıtlı karşılaştırmalarınızın bir kopyasını talep edebilirsiniz.',
          'Kişisel verilerinizle ilgili tüm talepleri (indirme, düzeltme, silme) 6698 sayılı KVKK kapsamında en geç 30 gün içinde sonuçlandırırız.',
        ],
        action: { to: '/privacy-settings', label: 'Gizlilik ayarlarına git' },
      },
      {
        id: 'hesap-silme',
        title: 'Hesabımı nasıl silerim?',
        views: 1037,
        body: [
          'Hesap Ayarları sayfasının altındaki “Hesabı Sil” bölümünden hesabınızı kalıcı olarak silebilirsiniz. Silmeden önce aktif Premium aboneliğinizin otomatik yenilemesini kapatmanızı öneririz.',
          'Hesabınız silindikten sonra kişisel verileriniz 30 gün içinde sistemlerimizden kalıcı olarak silinir; yasal saklama yükümlülüğü bulunan fatura kayıtları bunun dışındadır.',
        ],
        action: { to: '/account-settings', label: 'Hesap ayarlarına git' },
      },
    ],
  },
  {
    slug: 'premium',
    name: 'Premium',
    description: 'Planlar ve fiyatlar, ödeme, otomatik yenileme, iptal ve iade.',
    icon: Crown,
    articles: [
      {
        id: 'premium-planlar',
        title: 'Premium planlar ve fiyatları nelerdir?',
        views: 3904,
        body: [
          'Üç Premium plan sunuyoruz: Aylık Premium 29,99 TL/ay, Yıllık Premium 337,50 TL/yıl (liste fiyatı 449,99 TL, %25 indirimli) ve Ömür Boyu Premium tek seferlik 1.429,99 TL.',
          'Tüm planlar fiyat alarmlarını, ayrıntılı avantaj/dezavantaj analizini, gelişmiş filtreleri ve reklamsız deneyimi içerir. Yıllık planda öncelikli destek; Ömür Boyu planda VIP destek ve yeni özelliklere erken (beta) erişim de vardır.',
        ],
        action: { to: '/premium-plans', label: 'Planları görüntüle' },
      },
      {
        id: 'odeme-guvenligi',
        title: 'Ödeme nasıl yapılır, kart bilgilerim güvende mi?',
        views: 1687,
        body: [
          'Ödemeler, anlaşmalı kart ödeme sağlayıcımızın güvenli ödeme sayfasında alınır. Kart bilgileriniz doğrudan ödeme sağlayıcısına iletilir; Kıyasla kart numaranızı görmez ve saklamaz.',
          'Ödeme onaylandığında Premium özellikleriniz hemen açılır ve ödeme bilgileriniz e-posta adresinize gönderilir.',
        ],
      },
      {
        id: 'otomatik-yenileme',
        title: 'Aboneliğim otomatik yenilenir mi, nasıl iptal ederim?',
        views: 2203,
        body: [
          'Aylık ve yıllık planlar dönem sonunda aynı süre için otomatik olarak yenilenir. Profil sayfanızdaki Premium sekmesinden aboneliğinizi dilediğiniz zaman iptal edebilirsiniz.',
          'İptal ettiğinizde sonraki dönem için ücret alınmaz. Ömür Boyu plan tek seferlik bir ödemedir ve yenilenmez.',
        ],
        action: { to: '/profile', label: 'Aboneliğimi yönet' },
      },
      {
        id: 'iade-hakki',
        title: 'Premium satın alımında iade hakkım var mı?',
        views: 1319,
        body: [
          'Premium satın alımlarında ödeme tarihinden itibaren 14 gün içinde gerekçe göstermeden cayma hakkınızı kullanabilirsiniz.',
          'İade talebinizi iletişim formunda “Fatura ve Ödeme” kategorisini seçerek iletebilirsiniz. Onaylanan iadeler, ödemede kullandığınız karta ödeme sağlayıcısı aracılığıyla yapılır; tutarın hesabınıza yansıma süresi bankanıza göre değişir.',
        ],
        action: { to: '/contact?kategori=billing', label: 'İade talebi oluşturun' },
      },
    ],
  },
];

export const POPULAR_ARTICLE_COUNT = 5;

export interface ArticleRef {
  category: HelpCategory;
  article: HelpArticle;
}

export function findCategory(slug: string | null): HelpCategory | undefined {
  if (!slug) return undefined;
  return HELP_CATEGORIES.find((category) => category.slug === slug);
}

/** The most viewed articles across every category, most viewed first. */
export function popularArticles(count = POPULAR_ARTICLE_COUNT): ArticleRef[] {
  return HELP_CATEGORIES.flatMap((category) => category.articles.map((article) => ({ category, article })))
    .sort((a, b) => b.article.views - a.article.views)
    .slice(0, count);
}

/** 1245 → "1.245 görüntülenme" */
export function formatViews(views: number): string {
  return `${formatNumber(views)} görüntülenme`;
}
