/**
 * Words the generator combines with the demo catalog's templates. Everything is Turkish and
 * fictional: generated stores must never look like a real retailer.
 */

export const COLORS = [
  'Siyah',
  'Beyaz',
  'Gümüş',
  'Uzay Grisi',
  'Lacivert',
  'Gece Mavisi',
  'Kırmızı',
  'Çam Yeşili',
  'Lavanta',
  'Pembe',
  'Altın',
  'Bej',
  'Turuncu',
  'Sarı',
  'Kahverengi',
  'Bordo',
  'Turkuaz',
  'Füme',
  'Krem',
  'Haki',
];

/** Marketplace-style suffixes; the empty string keeps the template's plain name. */
export const EDITIONS = [
  '',
  '',
  '',
  'Türkiye Garantili',
  'İthalatçı Garantili',
  '2025 Model',
  '2026 Model',
  'Özel Seri',
];

const STORE_PLACES = [
  'Anadolu',
  'Boğaziçi',
  'Ege',
  'Karadeniz',
  'Marmara',
  'Akdeniz',
  'Kapadokya',
  'Trakya',
  'Toros',
  'Fırat',
  'Pamukkale',
  'Uludağ',
  'Erciyes',
  'Galata',
  'Kadıköy',
  'Üsküdar',
  'Kızılay',
  'Alsancak',
  'Bağdat',
  'Çukurova',
  'Ilgaz',
  'Munzur',
  'Nemrut',
  'Sapanca',
  'Datça',
  'Bozcaada',
  'Göreme',
  'Ağrı',
  'Kaçkar',
  'Harran',
  'Efes',
  'Zeugma',
  'Likya',
  'Palandöken',
  'Abant',
  'Yedigöller',
  'Salda',
];

const STORE_KINDS = ['Teknoloji', 'Elektronik', 'Market', 'Dijital', 'Bilişim', 'Ticaret', 'Online', 'AVM', 'Store'];

export interface GeneratedStore {
  name: string;
  slug: string;
  rating: number;
  ratingCount: number;
}

const ASCII: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', İ: 'i' };

function slug(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüİ]/g, (ch) => ASCII[ch] ?? ch)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `count` fictional stores with deterministic names, ratings and rating counts. */
export function generatedStores(count: number): GeneratedStore[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${STORE_PLACES[i % STORE_PLACES.length]} ${STORE_KINDS[(i * 7) % STORE_KINDS.length]}`;
    return {
      name,
      slug: slug(name),
      rating: Math.round((3.6 + ((i * 37) % 14) / 10) * 10) / 10,
      ratingCount: 800 + ((i * 7919) % 40_000),
    };
  });
}

export const FIRST_NAMES = [
  'Ahmet',
  'Mehmet',
  'Mustafa',
  'Ali',
  'Hüseyin',
  'Hasan',
  'İbrahim',
  'Emre',
  'Burak',
  'Can',
  'Oğuz',
  'Serkan',
  'Yusuf',
  'Murat',
  'Kerem',
  'Ayşe',
  'Fatma',
  'Zeynep',
  'Elif',
  'Emine',
  'Hatice',
  'Merve',
  'Büşra',
  'Selin',
  'Gizem',
  'Özlem',
  'Derya',
  'Şule',
  'Cansu',
  'Ece',
];

export const LAST_NAMES = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Kara',
  'Koç',
  'Kurt',
  'Özkan',
  'Şimşek',
  'Polat',
  'Korkmaz',
  'Güneş',
  'Erdoğan',
  'Aksoy',
];
