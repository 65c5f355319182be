import type { CategoryCatalog, ProductFamily } from './types';
import { vary } from './types';

interface TvBase {
  panel: string;
  resolution: string;
  refreshRate: string;
  os: string;
  hdr: string;
  connectivity: string;
  energyClass: string;
}

/** [size in inches, price TRY, energy class override?]: screen sizes are separate products. */
type Size = [inches: number, price: number, energyClass?: string];

function tv(
  brand: string,
  model: string,
  sub: string,
  released: string,
  base: TvBase,
  sizes: Size[],
  features: string[],
  featured = false,
): ProductFamily {
  return {
    brand,
    model,
    sub,
    released,
    colors: ['Siyah'],
    features,
    noun: 'Televizyon',
    ...(featured ? { featured: true } : {}),
    specs: {
      panel: base.panel,
      resolution: base.resolution,
      refreshRate: base.refreshRate,
      os: base.os,
      hdr: base.hdr,
      connectivity: base.connectivity,
      energyClass: base.energyClass,
    },
    options: sizes.map(([inches, price, energyClass]) => ({
      // Turkish retail titles lead with the size, e.g. "55 inç 139 Ekran".
      label: `${inches} inç ${Math.round(inches * 2.54)} Ekran`,
      price,
      specs: {
        screenSize: `${inches} inç (${Math.round(inches * 2.54)} cm)`,
        ...(energyClass ? { energyClass } : {}),
      },
    })),
  };
}

const UHD = '3840 x 2160 (4K UHD)';
const HDMI21 = 'Wi-Fi 5, Bluetooth 5.0, 4x HDMI 2.1, 2x USB';
const HDMI20 = 'Wi-Fi 5, Bluetooth 5.0, 3x HDMI 2.0, 2x USB';

const families: ProductFamily[] = [
  // ── OLED ────────────────────────────────────────────────────────────────────────
  tv(
    'LG',
    'OLED evo C4',
    'oled',
    '2024-04',
    {
      panel: 'OLED evo',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'webOS 24',
      hdr: 'Dolby Vision, HDR10, HLG',
      connectivity: HDMI21,
      energyClass: 'G',
    },
    [
      [48, 44000],
      [55, 54000, 'F'],
      [65, 79000],
      [77, 119000],
    ],
    ['α9 Gen7 AI işlemci', 'NVIDIA G-Sync ve FreeSync Premium', 'Dolby Atmos', '0.1 ms tepki süresi'],
    true,
  ),
  tv(
    'LG',
    'OLED evo G4',
    'oled',
    '2024-04',
    {
      panel: 'OLED evo (MLA)',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'webOS 24',
      hdr: 'Dolby Vision, HDR10, HLG',
      connectivity: HDMI21,
      energyClass: 'G',
    },
    [
      [55, 89000],
      [65, 119000],
    ],
    ['Brightness Booster Max', 'Duvara sıfır montaj', 'α11 AI işlemci'],
  ),
  tv(
    'LG',
    'OLED B4',
    'oled',
    '2024-04',
    {
      panel: 'OLED',
      resolution: UHD,
      refreshRate: '120 Hz',
      os: 'webOS 24',
      hdr: 'Dolby Vision, HDR10, HLG',
      connectivity: HDMI21,
      energyClass: 'G',
    },
    [
      [55, 47500],
      [65, 64500],
    ],
    ['α8 AI işlemci', 'Oyun Optimizasyonu', 'Dolby Atmos'],
  ),
  tv(
    'Samsung',
    'OLED S90D',
    'oled',
    '2024-03',
    {
      panel: 'QD-OLED',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI21,
      energyClass: 'G',
    },
    [
      [55, 54500],
      [65, 74500],
      [77, 109000],
    ],
    ['NQ4 AI Gen2 işlemci', 'Pantone onaylı renkler', 'Object Tracking Sound Lite'],
    true,
  ),
  tv(
    'Samsung',
    'OLED S95D',
    'oled',
    '2024-03',
    {
      panel: 'QD-OLED (OLED Glare Free)',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI21,
      energyClass: 'G',
    },
    [[65, 109000]],
    ['Yansımasız OLED', 'One Connect kutusu', 'NQ4 AI Gen2'],
  ),
  tv(
    'Sony',
    'Bravia 8 OLED',
    'oled',
    '2024-05',
    {
      panel: 'OLED',
      resolution: UHD,
      refreshRate: '120 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10, HLG',
      connectivity: 'Wi-Fi 5, Bluetooth 5.0, 4x HDMI (2x 2.1)',
      energyClass: 'G',
    },
    [
      [55, 64500],
      [65, 84500],
    ],
    ['Cognitive Processor XR', 'Acoustic Surface Audio+', 'PS5 için ideal'],
  ),
  tv(
    'Philips',
    'OLED809 Ambilight',
    'oled',
    '2024-05',
    {
      panel: 'OLED',
      resolution: UHD,
      refreshRate: '120 Hz',
      os: 'Titan OS',
      hdr: 'Dolby Vision, HDR10+, HLG',
      connectivity: HDMI21,
      energyClass: 'F',
    },
    [
      [55, 49500],
      [65, 69500],
    ],
    ['4 taraflı Ambilight', 'P5 AI işlemci', 'DTS:X'],
  ),

  // ── QLED ────────────────────────────────────────────────────────────────────────
  tv(
    'Samsung',
    'Neo QLED QN90D',
    'qled',
    '2024-03',
    {
      panel: 'Neo QLED (Mini LED)',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI21,
      energyClass: 'F',
    },
    [
      [55, 47500],
      [65, 64500],
      [75, 89500, 'G'],
    ],
    ['Quantum Matrix teknolojisi', 'Yansımasız ekran', 'Object Tracking Sound+'],
    true,
  ),
  tv(
    'Samsung',
    'QLED Q80D',
    'qled',
    '2024-03',
    {
      panel: 'QLED',
      resolution: UHD,
      refreshRate: '120 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI21,
      energyClass: 'F',
    },
    [
      [55, 37500],
      [65, 49500],
    ],
    ['Direct Full Array', 'Quantum HDR', 'Motion Xcelerator'],
  ),
  tv(
    'Samsung',
    'QLED Q60D',
    'qled',
    '2024-03',
    {
      panel: 'QLED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [43, 19800, 'E'],
      [55, 26800],
      [65, 35800],
    ],
    ['%100 Renk Hacmi', 'AirSlim tasarım', 'Q-Symphony'],
  ),
  tv(
    'TCL',
    'C755 QD-Mini LED',
    'qled',
    '2024-04',
    {
      panel: 'QD-Mini LED',
      resolution: UHD,
      refreshRate: '144 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision IQ, HDR10+',
      connectivity: HDMI21,
      energyClass: 'F',
    },
    [
      [55, 29500],
      [65, 37500],
      [75, 49500, 'G'],
    ],
    ['Onkyo 2.1 ses', 'Game Master Pro', 'Dolby Atmos'],
  ),
  tv(
    'TCL',
    'C655 QLED',
    'qled',
    '2024-04',
    {
      panel: 'QLED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10+',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [50, 18800, 'E'],
      [55, 21800],
      [65, 28800],
    ],
    ['Çerçevesiz tasarım', 'Dolby Atmos', 'Google asistan'],
  ),
  tv(
    'Vestel',
    'QA9800 QLED',
    'qled',
    '2024-06',
    {
      panel: 'QLED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [55, 21500],
      [65, 28500],
    ],
    ['Yerli üretim', 'Google TV', 'Çerçevesiz tasarım'],
  ),

  // ── LED ─────────────────────────────────────────────────────────────────────────
  tv(
    'Samsung',
    'Crystal UHD DU7000',
    'led',
    '2024-03',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Tizen',
      hdr: 'HDR10+, HLG',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [43, 13800, 'E'],
      [50, 16300],
      [55, 18800],
      [65, 24800, 'G'],
    ],
    ['Crystal İşlemci 4K', 'PurColor', 'Samsung TV Plus'],
    true,
  ),
  tv(
    'LG',
    'UT80 4K UHD Smart',
    'led',
    '2024-04',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'webOS 24',
      hdr: 'HDR10, HLG',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [43, 14300, 'E'],
      [50, 16800],
      [55, 19300],
    ],
    ['α5 AI işlemci', 'Magic Remote uyumu', 'AI Ses'],
  ),
  tv(
    'Philips',
    'PUS8519 Ambilight',
    'led',
    '2024-05',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10+',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [55, 23500],
      [65, 29500, 'G'],
    ],
    ['3 taraflı Ambilight', 'Dolby Atmos', 'Pixel Precise Ultra HD'],
  ),
  tv(
    'TCL',
    'P755 4K',
    'led',
    '2024-04',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10+',
      connectivity: HDMI20,
      energyClass: 'E',
    },
    [
      [43, 11800],
      [50, 13800, 'F'],
      [55, 15800, 'F'],
    ],
    ['Metal çerçevesiz tasarım', 'Dolby Audio', 'Eller serbest sesli kontrol'],
  ),
  tv(
    'Xiaomi',
    'TV A Pro 2025',
    'led',
    '2024-09',
    {
      panel: 'QLED destekli LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10+',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [43, 12300, 'E'],
      [55, 16800],
      [65, 22800, 'G'],
    ],
    ['Metal çerçevesiz tasarım', 'Dolby Audio', 'Google TV'],
  ),
  tv(
    'Vestel',
    'UA9630 4K Google TV',
    'led',
    '2023-09',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'HDR10, HLG',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [43, 12900, 'E'],
      [50, 14900],
      [55, 16900],
    ],
    ['Yerli üretim', 'Chromecast dahili', 'Çerçevesiz tasarım'],
  ),
  tv(
    'Arçelik',
    'D 895 A 4K Google TV',
    'led',
    '2023-10',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '60 Hz',
      os: 'Google TV',
      hdr: 'Dolby Vision, HDR10',
      connectivity: HDMI20,
      energyClass: 'F',
    },
    [
      [55, 18500],
      [65, 25500, 'G'],
    ],
    ['Yerli üretim', 'Dolby Atmos', 'Google asistan'],
  ),
  tv(
    'Beko',
    'D 695 B 4K Smart',
    'led',
    '2023-08',
    {
      panel: 'LED',
      resolution: UHD,
      refreshRate: '50 Hz',
      os: 'Android TV',
      hdr: 'HDR10, HLG',
      connectivity: HDMI20,
      energyClass: 'E',
    },
    [
      [43, 11900],
      [50, 13900, 'F'],
    ],
    ['Yerli üretim', 'Netflix ve YouTube', 'Ekran paylaşımı'],
  ),
];

export const televisionCatalog: CategoryCatalog = {
  slug: 'televizyon',
  warranty: '2 Yıl',
  certifications: ['CE', 'Enerji Etiketi'],
  families,
  shortDescribe: ({ specs }) => `${specs.screenSize} ${specs.panel} panel, ${specs.resolution}, ${specs.refreshRate}.`,
  describe: ({ name, specs, features }, rng) =>
    [
      vary(
        rng,
        `${name}, ${specs.panel} paneli ve ${specs.resolution} çözünürlüğüyle salonunuza sinema deneyimi getirir.`,
        `${specs.screenSize} ${specs.panel} ekranlı ${name}, maç, dizi ve oyunda canlı renkler ve derin kontrast sunar.`,
        `${name} ile ${specs.hdr} destekli içerikleri olması gerektiği gibi izleyin.`,
      ),
      `${specs.os} akıllı TV platformu sayesinde Netflix, YouTube, Disney+ ve yerli platformlara anında erişin.`,
      `Enerji sınıfı: ${specs.energyClass}.`,
      features.length > 0 ? `Öne çıkanlar: ${features.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
};
