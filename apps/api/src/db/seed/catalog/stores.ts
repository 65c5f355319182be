export interface StoreSeed {
  name: string;
  slug: string;
  rating: number;
  ratingCount: number;
  /** Top-level category slugs the store sells. */
  categories: string[];
  /** Multiplier on the typical price: discounters sit below 1, premium service above. */
  priceLevel: number;
  /** Order total (TRY) from which shipping is free. */
  freeShippingFrom: number;
  /** Shipping fee (TRY) under the threshold. */
  shippingCost: number;
  /** Typical dispatch-to-door days. */
  shippingDays: [min: number, max: number];
  /** How the store's prices end: 84.999,00 vs 84.989,90 vs 84.990,00. */
  priceEnding: 'ninety-nine' | 'ninety' | 'whole';
}

const ELECTRONICS = ['telefon', 'laptop', 'tablet', 'kulaklik', 'televizyon', 'kamera', 'aksesuar'];

/** Fictional Turkish shops: the demo catalog must never suggest a real retailer's prices. */
export const STORES: StoreSeed[] = [
  {
    name: 'TeknoPazar',
    slug: 'teknopazar',
    rating: 4.6,
    ratingCount: 18420,
    categories: ELECTRONICS,
    priceLevel: 0.99,
    freeShippingFrom: 500,
    shippingCost: 39.9,
    shippingDays: [1, 3],
    priceEnding: 'ninety-nine',
  },
  {
    name: 'Hızlı Mağaza',
    slug: 'hizli-magaza',
    rating: 4.3,
    ratingCount: 32150,
    categories: [...ELECTRONICS, 'beyaz-esya', 'spor', 'oyuncak', 'giyim'],
    priceLevel: 1.0,
    freeShippingFrom: 300,
    shippingCost: 34.9,
    shippingDays: [1, 2],
    priceEnding: 'ninety',
  },
  {
    name: 'Elektro Dünyası',
    slug: 'elektro-dunyasi',
    rating: 4.4,
    ratingCount: 12870,
    categories: [...ELECTRONICS, 'beyaz-esya'],
    priceLevel: 1.01,
    freeShippingFrom: 750,
    shippingCost: 49.9,
    shippingDays: [2, 4],
    priceEnding: 'whole',
  },
  {
    name: 'MegaStore TR',
    slug: 'megastore-tr',
    rating: 4.1,
    ratingCount: 45230,
    categories: [...ELECTRONICS, 'beyaz-esya', 'spor', 'oyuncak', 'giyim'],
    priceLevel: 1.02,
    freeShippingFrom: 400,
    shippingCost: 29.9,
    shippingDays: [2, 5],
    priceEnding: 'ninety-nine',
  },
  {
    name: 'Kampüs Teknoloji',
    slug: 'kampus-teknoloji',
    rating: 4.7,
    ratingCount: 6420,
    categories: ['telefon', 'laptop', 'tablet', 'kulaklik', 'aksesuar'],
    priceLevel: 0.975,
    freeShippingFrom: 1000,
    shippingCost: 59.9,
    shippingDays: [1, 3],
    priceEnding: 'ninety',
  },
  {
    name: 'Anadolu Elektronik',
    slug: 'anadolu-elektronik',
    rating: 4.0,
    ratingCount: 8930,
    categories: ['telefon', 'kulaklik', 'televizyon', 'beyaz-esya', 'aksesuar'],
    priceLevel: 0.985,
    freeShippingFrom: 1500,
    shippingCost: 79.9,
    shippingDays: [3, 5],
    priceEnding: 'whole',
  },
  {
    name: 'Ev&Yaşam',
    slug: 'ev-yasam',
    rating: 4.2,
    ratingCount: 7650,
    categories: ['beyaz-esya', 'televizyon', 'spor'],
    priceLevel: 1.005,
    freeShippingFrom: 600,
    shippingCost: 69.9,
    shippingDays: [2, 5],
    priceEnding: 'ninety-nine',
  },
  {
    name: 'SporMarket',
    slug: 'spormarket',
    rating: 4.5,
    ratingCount: 15310,
    categories: ['spor', 'giyim'],
    priceLevel: 0.99,
    freeShippingFrom: 350,
    shippingCost: 39.9,
    shippingDays: [1, 3],
    priceEnding: 'ninety',
  },
  {
    name: 'Oyuncak Diyarı',
    slug: 'oyuncak-diyari',
    rating: 4.8,
    ratingCount: 9840,
    categories: ['oyuncak'],
    priceLevel: 0.98,
    freeShippingFrom: 250,
    shippingCost: 29.9,
    shippingDays: [1, 2],
    priceEnding: 'ninety',
  },
  {
    name: 'ModaSepeti',
    slug: 'modasepeti',
    rating: 4.2,
    ratingCount: 21760,
    categories: ['giyim', 'spor'],
    priceLevel: 1.0,
    freeShippingFrom: 300,
    shippingCost: 34.9,
    shippingDays: [2, 4],
    priceEnding: 'ninety-nine',
  },
  {
    name: 'Foto Merkez',
    slug: 'foto-merkez',
    rating: 4.6,
    ratingCount: 4380,
    categories: ['kamera', 'kulaklik', 'aksesuar'],
    priceLevel: 0.995,
    freeShippingFrom: 1000,
    shippingCost: 49.9,
    shippingDays: [1, 3],
    priceEnding: 'whole',
  },
  {
    name: 'Dijital Çarşı',
    slug: 'dijital-carsi',
    rating: 3.8,
    ratingCount: 11290,
    categories: ['telefon', 'laptop', 'tablet', 'kulaklik', 'aksesuar', 'oyuncak'],
    priceLevel: 0.97,
    freeShippingFrom: 2000,
    shippingCost: 44.9,
    shippingDays: [3, 5],
    priceEnding: 'ninety-nine',
  },
  {
    name: 'Minik Adımlar',
    slug: 'minik-adimlar',
    rating: 4.4,
    ratingCount: 5120,
    categories: ['oyuncak', 'giyim'],
    priceLevel: 1.015,
    freeShippingFrom: 400,
    shippingCost: 39.9,
    shippingDays: [2, 4],
    priceEnding: 'ninety',
  },
];
