import { CATEGORY_SLUG_NAMES, SUBCATEGORY_SLUG_NAMES } from '@kiyasla/contracts/constants';
import { slugify } from '@kiyasla/contracts/text';

export interface SubcategorySeed {
  slug: string;
  name: string;
  description: string;
}

export interface CategorySeed {
  slug: string;
  name: string;
  icon: string;
  description: string;
  children: SubcategorySeed[];
}

/** Name → subcategory, slug from the shared slug rule so "Buzdolabı" becomes `buzdolabi`. */
function sub(name: string, description: string, slug = slugify(name)): SubcategorySeed {
  return { slug, name, description };
}

/** The display name the specification maps each slug to (constants.ts), so both sides agree. */
function top(slug: string, icon: string, description: string, children: SubcategorySeed[]): CategorySeed {
  const name = CATEGORY_SLUG_NAMES[slug];
  if (!name) throw new Error(`Bilinmeyen kategori: ${slug}`);
  return { slug, name, icon, description, children };
}

const specName = (parent: string, slug: string) => SUBCATEGORY_SLUG_NAMES[parent]?.[slug] ?? slug;

/** The eleven top-level categories of the specification, in its order. */
export const CATEGORY_TREE: CategorySeed[] = [
  top(
    'telefon',
    '📱',
    'Akıllı telefonlarda tüm markaların güncel fiyatlarını karşılaştırın; iPhone’dan Galaxy’ye, Redmi’den POCO’ya en uygun teklifi bulun.',
    [
      sub(
        specName('telefon', 'premium'),
        'Amiral gemisi kameralar, en güçlü işlemciler ve premium tasarım.',
        'premium',
      ),
      sub(specName('telefon', 'orta-segment'), 'Fiyat/performans dengesi en iyi telefonlar.', 'orta-segment'),
      sub(specName('telefon', 'ekonomik'), 'Bütçe dostu, günlük kullanıma yeten akıllı telefonlar.', 'ekonomik'),
      sub(
        specName('telefon', 'gaming'),
        'Yüksek yenileme hızlı ekran ve güçlü soğutmalı oyuncu telefonları.',
        'gaming',
      ),
    ],
  ),
  top(
    'laptop',
    '💻',
    'Oyun, iş ve okul için dizüstü bilgisayarlar: işlemci, ekran kartı ve fiyatları yan yana görün.',
    [
      sub(specName('laptop', 'gaming'), 'RTX ekran kartlı, yüksek yenileme hızlı oyuncu laptopları.', 'gaming'),
      sub(specName('laptop', 'is'), 'Dayanıklı, güvenli ve uzun pil ömürlü iş bilgisayarları.', 'is'),
      sub(specName('laptop', 'ultrabook'), 'İnce, hafif ve güçlü premium dizüstüler.', 'ultrabook'),
      sub(specName('laptop', 'ekonomik'), 'Öğrenciler ve temel kullanım için uygun fiyatlı laptoplar.', 'ekonomik'),
    ],
  ),
  top('tablet', '📲', 'iPad, Galaxy Tab ve e-kitap okuyucularda en iyi fiyatlar.', [
    sub('iPad', 'Apple iPad, iPad Air, iPad Pro ve iPad mini modelleri.'),
    sub('Android Tablet', 'Samsung, Xiaomi, Lenovo ve Huawei tabletler.'),
    sub('E-Kitap Okuyucu', 'Göz yormayan E Ink ekranlı Kindle ve Kobo okuyucular.'),
  ]),
  top('kulaklik', '🎧', 'Kablosuz, kablolu ve oyuncu kulaklıklarında fiyat karşılaştırması.', [
    sub('Kablosuz', 'Bluetooth, gürültü engelleyen ve TWS kulaklıklar.'),
    sub('Kablolu', 'Stüdyo, referans ve günlük kullanım için kablolu kulaklıklar.'),
    sub('Oyuncu', 'Mikrofonlu, surround sesli oyuncu kulaklıkları.'),
  ]),
  top('televizyon', '📺', 'OLED, QLED ve LED televizyonlarda ekran boyutuna göre en uygun fiyatlar.', [
    sub('OLED', 'Mükemmel siyahlar ve sonsuz kontrast sunan OLED televizyonlar.', 'oled'),
    sub('QLED', 'Parlak ve canlı renkli QLED ve Mini LED televizyonlar.', 'qled'),
    sub('LED', 'Uygun fiyatlı 4K LED akıllı televizyonlar.', 'led'),
  ]),
  top('kamera', '📷', 'Aynasız, DSLR ve aksiyon kameralarında gövde ve kit fiyatlarını karşılaştırın.', [
    sub('Aynasız', 'Kompakt gövdede profesyonel görüntü kalitesi.', 'aynasiz'),
    sub('DSLR', 'Optik vizörlü klasik dijital SLR fotoğraf makineleri.', 'dslr'),
    sub('Aksiyon Kamerası', 'Su geçirmez, sabitlemeli aksiyon ve 360° kameralar.'),
  ]),
  top('spor', '⚽', 'Fitness ekipmanı, koşu, kamp ve bisiklette en uygun fiyatlar.', [
    sub('Fitness', 'Dambıl, mat, koşu bandı ve ev egzersiz ekipmanları.'),
    sub('Koşu', 'Koşu ayakkabıları ve GPS’li koşu saatleri.', 'kosu'),
    sub('Kamp', 'Çadır, uyku tulumu ve kamp ekipmanları.'),
    sub('Bisiklet', 'Dağ, şehir ve hibrit bisikletler.'),
  ]),
  top('beyaz-esya', '🧊', 'Buzdolabı, çamaşır ve bulaşık makinelerinde enerji sınıfı ve fiyat karşılaştırması.', [
    sub('Buzdolabı', 'No Frost kombi ve gardırop tipi buzdolapları.'),
    sub('Çamaşır Makinesi', 'Yüksek devirli, enerji tasarruflu çamaşır makineleri.'),
    sub('Bulaşık Makinesi', 'Sessiz ve tasarruflu bulaşık makineleri.'),
  ]),
  top('oyuncak', '🧸', 'LEGO setleri, kutu oyunları, bebek ve figürlerde en iyi fiyatlar.', [
    sub('Yapı Oyuncakları', 'LEGO ve manyetik yapı setleri.'),
    sub('Kutu Oyunları', 'Aile ve arkadaşlarla oynanacak kutu ve kart oyunları.'),
    sub('Bebek ve Figür', 'Barbie, Hot Wheels, Nerf ve aksiyon figürleri.'),
  ]),
  top('giyim', '👕', 'Erkek ve kadın giyim ile sneaker modellerinde mağaza fiyatlarını karşılaştırın.', [
    sub('Erkek', 'Tişört, sweatshirt, jean ve mont.', 'erkek'),
    sub('Kadın', 'Elbise, jean, triko ve spor giyim.'),
    sub('Ayakkabı', 'Sneaker ve günlük ayakkabılar.'),
  ]),
  top('aksesuar', '🔌', 'Şarj aleti, powerbank, kılıf ve akıllı saatlerde en uygun fiyatlar.', [
    sub('Şarj Aleti', 'GaN hızlı şarj aletleri, kablolar ve kablosuz şarj standları.'),
    sub('Powerbank', 'Taşınabilir şarj cihazları ve manyetik powerbankler.'),
    sub('Kılıf', 'Telefon kılıfları ve laptop çantaları.'),
    sub('Akıllı Saat', 'Apple Watch, Galaxy Watch ve akıllı bileklikler.'),
  ]),
];
