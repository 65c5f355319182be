/**
 * Line drawings of product kinds, drawn around (0, 0) inside a ±170 px box. They are meant to
 * be recognisable at card size (phone, laptop, fridge...), not to depict the exact model.
 * Each receives a palette so the same drawing takes the product's colours.
 */

export interface Palette {
  /** Outlines. */
  stroke: string;
  /** Body fill. */
  body: string;
  /** Screens, doors, lenses. */
  screen: string;
  /** Small highlights (buttons, LEDs, studs). */
  accent: string;
}

export type DrawingKind =
  | 'phone'
  | 'laptop'
  | 'tablet'
  | 'ereader'
  | 'headphones'
  | 'earbuds'
  | 'tv'
  | 'camera'
  | 'action-camera'
  | 'dumbbell'
  | 'running-shoe'
  | 'tent'
  | 'bicycle'
  | 'fridge'
  | 'washer'
  | 'dishwasher'
  | 'toy-brick'
  | 'dice'
  | 'toy-figure'
  | 'tshirt'
  | 'sneaker'
  | 'charger'
  | 'powerbank'
  | 'phone-case'
  | 'watch'
  | 'package';

/** `back` shows the other side of the product (v=2), when it has a distinct one. */
export type Drawing = (p: Palette, back: boolean) => string;

const line = (p: Palette, width = 6) =>
  `stroke="${p.stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

const phone: Drawing = (p, back) =>
  back
    ? `<rect x="-72" y="-135" width="144" height="270" rx="26" fill="${p.body}" ${line(p)}/>
       <rect x="-58" y="-120" width="70" height="76" rx="18" fill="${p.screen}" ${line(p, 4)}/>
       <circle cx="-36" cy="-98" r="12" fill="${p.body}" ${line(p, 4)}/>
       <circle cx="-10" cy="-70" r="12" fill="${p.body}" ${line(p, 4)}/>
       <circle cx="-36" cy="-62" r="5" fill="${p.accent}"/>
       <circle cx="0" cy="30" r="16" fill="none" stroke="${p.accent}" stroke-width="4"/>`
    : `<rect x="-72" y="-135" width="144" height="270" rx="26" fill="${p.body}" ${line(p)}/>
       <rect x="-60" y="-122" width="120" height="244" rx="16" fill="${p.screen}"/>
       <rect x="-20" y="-114" width="40" height="11" rx="5.5" fill="${p.stroke}"/>
       <path d="M-40 -40 h80 M-40 -16 h56 M-40 8 h68" stroke="${p.accent}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>
       <rect x="-40" y="40" width="80" height="52" rx="10" fill="${p.accent}" opacity="0.35"/>`;

const tablet: Drawing = (p) =>
  `<rect x="-160" y="-110" width="320" height="220" rx="20" fill="${p.body}" ${line(p)}/>
   <rect x="-145" y="-96" width="290" height="192" rx="10" fill="${p.screen}"/>
   <circle cx="0" cy="-103" r="3.5" fill="${p.stroke}"/>
   <rect x="-120" y="-70" width="110" height="74" rx="10" fill="${p.accent}" opacity="0.35"/>
   <path d="M10 -60 h100 M10 -36 h80 M10 -12 h92 M-120 30 h230 M-120 54 h180" stroke="${p.accent}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`;

const ereader: Drawing = (p) =>
  `<rect x="-100" y="-140" width="200" height="280" rx="18" fill="${p.body}" ${line(p)}/>
   <rect x="-84" y="-122" width="168" height="222" rx="6" fill="${p.screen}"/>
   <path d="M-64 -96 h128 M-64 -74 h128 M-64 -52 h110 M-64 -30 h128 M-64 -8 h96 M-64 14 h128 M-64 36 h118 M-64 58 h80" stroke="${p.stroke}" stroke-width="4" stroke-linecap="round" opacity="0.45"/>
   <rect x="-24" y="112" width="48" height="10" rx="5" fill="${p.stroke}" opacity="0.6"/>`;

const laptop: Drawing = (p, back) =>
  `<rect x="-130" y="-110" width="260" height="170" rx="12" fill="${p.body}" ${line(p)}/>
   ${
     back
       ? `<circle cx="0" cy="-25" r="26" fill="${p.accent}" opacity="0.6"/>`
       : `<rect x="-116" y="-97" width="232" height="144" rx="4" fill="${p.screen}"/>
          <path d="M-96 -70 h120 M-96 -48 h160 M-96 -26 h90" stroke="${p.accent}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`
   }
   <path d="M-165 66 H165 L178 92 Q180 100 170 100 H-170 Q-180 100 -178 92 Z" fill="${p.body}" ${line(p)}/>
   <rect x="-30" y="74" width="60" height="10" rx="5" fill="${p.stroke}" opacity="0.5"/>`;

const headphones: Drawing = (p) =>
  `<path d="M-112 30 V-10 A112 112 0 0 1 112 -10 V30" fill="none" ${line(p, 14)}/>
   <path d="M-112 30 V-10 A112 112 0 0 1 112 -10 V30" fill="none" stroke="${p.body}" stroke-width="5" stroke-linecap="round"/>
   <rect x="-150" y="0" width="62" height="118" rx="28" fill="${p.body}" ${line(p)}/>
   <rect x="88" y="0" width="62" height="118" rx="28" fill="${p.body}" ${line(p)}/>
   <rect x="-100" y="14" width="22" height="90" rx="11" fill="${p.screen}"/>
   <rect x="78" y="14" width="22" height="90" rx="11" fill="${p.screen}"/>
   <circle cx="-119" cy="96" r="5" fill="${p.accent}"/>`;

const earbuds: Drawing = (p) =>
  `<rect x="-120" y="-20" width="240" height="150" rx="60" fill="${p.body}" ${line(p)}/>
   <path d="M-120 40 H120" ${line(p, 4)}/>
   <circle cx="0" cy="88" r="6" fill="${p.accent}"/>
   <g transform="translate(-58 -70) rotate(-15)">
     <ellipse cx="0" cy="0" rx="30" ry="36" fill="${p.body}" ${line(p)}/>
     <rect x="-11" y="20" width="22" height="70" rx="11" fill="${p.body}" ${line(p)}/>
     <ellipse cx="-4" cy="-6" rx="12" ry="14" fill="${p.screen}"/>
   </g>
   <g transform="translate(58 -70) rotate(15)">
     <ellipse cx="0" cy="0" rx="30" ry="36" fill="${p.body}" ${line(p)}/>
     <rect x="-11" y="20" width="22" height="70" rx="11" fill="${p.body}" ${line(p)}/>
     <ellipse cx="4" cy="-6" rx="12" ry="14" fill="${p.screen}"/>
   </g>`;

const tv: Drawing = (p, back) =>
  `<rect x="-170" y="-115" width="340" height="205" rx="10" fill="${p.body}" ${line(p)}/>
   ${
     back
       ? `<rect x="-60" y="-60" width="120" height="90" rx="8" fill="${p.screen}" ${line(p, 4)}/>
          <path d="M-40 -40 h80 M-40 -20 h80 M-40 0 h80" stroke="${p.stroke}" stroke-width="4" opacity="0.5"/>`
       : `<rect x="-158" y="-103" width="316" height="181" rx="4" fill="${p.screen}"/>
          <path d="M-158 40 L-60 -20 L10 30 L80 -40 L158 20 V78 H-158 Z" fill="${p.accent}" opacity="0.35"/>
          <circle cx="100" cy="-60" r="18" fill="${p.accent}" opacity="0.55"/>`
   }
   <path d="M-110 90 L-130 128 M110 90 L130 128 M-150 128 H-105 M105 128 H150" ${line(p)}/>`;

const camera: Drawing = (p, back) =>
  `<path d="M-140 -60 H-50 L-34 -92 H34 L50 -60 H140 Q156 -60 156 -44 V86 Q156 102 140 102 H-140 Q-156 102 -156 86 V-44 Q-156 -60 -140 -60 Z" fill="${p.body}" ${line(p)}/>
   ${
     back
       ? `<rect x="-120" y="-36" width="170" height="116" rx="8" fill="${p.screen}" ${line(p, 4)}/>
          <circle cx="98" cy="0" r="18" fill="${p.body}" ${line(p, 4)}/>
          <circle cx="98" cy="56" r="10" fill="${p.accent}"/>`
       : `<circle cx="0" cy="20" r="66" fill="${p.body}" ${line(p)}/>
          <circle cx="0" cy="20" r="46" fill="${p.screen}" ${line(p, 4)}/>
          <circle cx="0" cy="20" r="20" fill="${p.stroke}" opacity="0.75"/>
          <circle cx="-10" cy="8" r="7" fill="#fff" opacity="0.8"/>
          <rect x="-130" y="-80" width="44" height="16" rx="6" fill="${p.accent}"/>
          <circle cx="118" cy="-34" r="10" fill="${p.accent}"/>`
   }`;

const actionCamera: Drawing = (p) =>
  `<rect x="-110" y="-90" width="220" height="170" rx="26" fill="${p.body}" ${line(p)}/>
   <rect x="-96" y="-76" width="92" height="66" rx="10" fill="${p.screen}"/>
   <circle cx="50" cy="4" r="52" fill="${p.body}" ${line(p)}/>
   <circle cx="50" cy="4" r="32" fill="${p.screen}" ${line(p, 4)}/>
   <circle cx="50" cy="4" r="13" fill="${p.stroke}" opacity="0.75"/>
   <rect x="-90" y="-106" width="50" height="16" rx="6" fill="${p.accent}"/>
   <path d="M-40 80 V120 M40 80 V120 M-60 120 H60" ${line(p)}/>`;

const dumbbell: Drawing = (p) =>
  `<rect x="-100" y="-12" width="200" height="24" rx="12" fill="${p.screen}" ${line(p)}/>
   <rect x="-150" y="-70" width="38" height="140" rx="12" fill="${p.body}" ${line(p)}/>
   <rect x="-190" y="-52" width="34" height="104" rx="12" fill="${p.body}" ${line(p)}/>
   <rect x="112" y="-70" width="38" height="140" rx="12" fill="${p.body}" ${line(p)}/>
   <rect x="156" y="-52" width="34" height="104" rx="12" fill="${p.body}" ${line(p)}/>
   <path d="M-40 -4 h80 M-40 4 h80" stroke="${p.accent}" stroke-width="3" opacity="0.7"/>`;

const runningShoe: Drawing = (p) =>
  `<path d="M-170 60 Q-172 20 -150 0 L-70 -50 Q-50 -62 -36 -44 L-10 -10 Q30 10 90 14 Q160 20 170 60 Q172 86 150 90 H-150 Q-170 90 -170 60 Z" fill="${p.body}" ${line(p)}/>
   <path d="M-170 66 H170" ${line(p, 5)}/>
   <path d="M-172 78 Q0 96 172 78" stroke="${p.accent}" stroke-width="10" fill="none" stroke-linecap="round"/>
   <path d="M-60 -30 L-40 -6 M-80 -18 L-58 8 M-100 -6 L-76 20" ${line(p, 5)}/>
   <path d="M20 40 Q80 20 140 44" stroke="${p.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>`;

const tent: Drawing = (p) =>
  `<path d="M-180 100 L0 -120 L180 100 Z" fill="${p.body}" ${line(p)}/>
   <path d="M0 -120 L-40 100 M0 -120 L40 100" ${line(p, 4)}/>
   <path d="M-40 100 L0 10 L40 100 Z" fill="${p.screen}" ${line(p, 4)}/>
   <path d="M0 -120 V-150 M-6 -150 L22 -140 L-6 -130" ${line(p, 4)} fill="${p.accent}"/>
   <path d="M-200 100 H200" ${line(p)}/>`;

const bicycle: Drawing = (p) =>
  `<circle cx="-100" cy="50" r="66" fill="none" ${line(p)}/>
   <circle cx="100" cy="50" r="66" fill="none" ${line(p)}/>
   <circle cx="-100" cy="50" r="8" fill="${p.accent}"/>
   <circle cx="100" cy="50" r="8" fill="${p.accent}"/>
   <path d="M-100 50 L-30 -40 H70 L100 50 M-30 -40 L10 50 L70 -40 M10 50 L-100 50" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
   <path d="M-38 -60 H-8 M70 -40 L60 -76 H90" ${line(p)}/>`;

const fridge: Drawing = (p) =>
  `<rect x="-95" y="-160" width="190" height="320" rx="16" fill="${p.body}" ${line(p)}/>
   <path d="M-95 -48 H95" ${line(p)}/>
   <rect x="-78" y="-120" width="12" height="50" rx="6" fill="${p.accent}"/>
   <rect x="-78" y="-24" width="12" height="80" rx="6" fill="${p.accent}"/>
   <rect x="20" y="-140" width="56" height="30" rx="6" fill="${p.screen}"/>
   <path d="M-80 160 v10 M80 160 v10" ${line(p)}/>`;

const washer: Drawing = (p) =>
  `<rect x="-130" y="-150" width="260" height="300" rx="18" fill="${p.body}" ${line(p)}/>
   <path d="M-130 -96 H130" ${line(p, 4)}/>
   <rect x="-110" y="-132" width="70" height="22" rx="6" fill="${p.screen}"/>
   <circle cx="86" cy="-121" r="13" fill="${p.accent}" ${line(p, 3)}/>
   <circle cx="0" cy="28" r="86" fill="${p.body}" ${line(p)}/>
   <circle cx="0" cy="28" r="64" fill="${p.screen}" ${line(p, 4)}/>
   <path d="M-46 44 Q-20 20 6 44 T52 44" stroke="${p.accent}" stroke-width="6" fill="none" stroke-linecap="round"/>`;

const dishwasher: Drawing = (p) =>
  `<rect x="-130" y="-150" width="260" height="300" rx="14" fill="${p.body}" ${line(p)}/>
   <rect x="-130" y="-150" width="260" height="46" rx="14" fill="${p.screen}" ${line(p, 4)}/>
   <circle cx="-96" cy="-127" r="9" fill="${p.accent}"/>
   <circle cx="-66" cy="-127" r="9" fill="${p.accent}" opacity="0.6"/>
   <rect x="40" y="-136" width="70" height="18" rx="5" fill="${p.body}" ${line(p, 3)}/>
   <rect x="-60" y="-84" width="120" height="14" rx="7" fill="${p.accent}"/>
   <path d="M-100 0 H100 M-100 50 H100 M-100 100 H100" stroke="${p.stroke}" stroke-width="3" opacity="0.25"/>`;

const toyBrick: Drawing = (p) =>
  `<rect x="-150" y="-30" width="300" height="130" rx="10" fill="${p.body}" ${line(p)}/>
   ${[-105, -35, 35, 105].map((x) => `<rect x="${x - 24}" y="-66" width="48" height="36" rx="8" fill="${p.body}" ${line(p)}/><ellipse cx="${x}" cy="-66" rx="24" ry="8" fill="${p.accent}" ${line(p, 4)}/>`).join('')}
   <rect x="-90" y="-150" width="180" height="70" rx="8" fill="${p.screen}" ${line(p)} opacity="0.95"/>
   <path d="M-150 60 H150" stroke="${p.stroke}" stroke-width="3" opacity="0.3"/>`;

const dice: Drawing = (p) => {
  const pip = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="10" fill="${p.stroke}"/>`;
  return `<g transform="rotate(-12 -70 0)"><rect x="-160" y="-80" width="160" height="160" rx="28" fill="${p.body}" ${line(p)}/>
     ${pip(-125, -45)}${pip(-80, 0)}${pip(-35, 45)}</g>
   <g transform="rotate(10 80 20)"><rect x="10" y="-50" width="150" height="150" rx="26" fill="${p.screen}" ${line(p)}/>
     ${pip(45, -15)}${pip(125, -15)}${pip(45, 65)}${pip(125, 65)}</g>`;
};

const toyFigure: Drawing = (p) =>
  `<rect x="-60" y="-150" width="120" height="100" rx="30" fill="${p.body}" ${line(p)}/>
   <circle cx="-24" cy="-104" r="12" fill="${p.stroke}"/>
   <circle cx="24" cy="-104" r="12" fill="${p.stroke}"/>
   <path d="M-20 -72 Q0 -60 20 -72" ${line(p, 5)} fill="none"/>
   <path d="M0 -150 V-176" ${line(p)}/><circle cx="0" cy="-182" r="9" fill="${p.accent}"/>
   <rect x="-80" y="-42" width="160" height="130" rx="22" fill="${p.screen}" ${line(p)}/>
   <circle cx="0" cy="14" r="22" fill="${p.accent}"/>
   <path d="M-80 -20 L-128 40 M80 -20 L128 40 M-40 88 V150 M40 88 V150" ${line(p, 14)}/>`;

const tshirt: Drawing = (p) =>
  `<path d="M-60 -140 Q0 -110 60 -140 L150 -96 L118 -30 L88 -46 V140 H-88 V-46 L-118 -30 L-150 -96 Z" fill="${p.body}" ${line(p)}/>
   <path d="M-60 -140 Q0 -96 60 -140" fill="none" ${line(p, 5)}/>
   <rect x="-34" y="-40" width="68" height="54" rx="10" fill="${p.accent}" opacity="0.5"/>`;

const sneaker: Drawing = (p) =>
  `<path d="M-170 50 V-10 Q-168 -40 -140 -48 L-70 -70 Q-56 -74 -50 -60 Q-30 -20 20 -6 L120 18 Q170 30 172 64 V70 H-170 Z" fill="${p.body}" ${line(p)}/>
   <path d="M-172 70 H174 V84 Q174 96 160 96 H-160 Q-172 96 -172 84 Z" fill="${p.screen}" ${line(p)}/>
   <path d="M-60 -40 L-30 -20 M-76 -28 L-46 -6 M-92 -16 L-62 6" ${line(p, 5)}/>
   <path d="M-120 30 Q0 -10 110 40" stroke="${p.accent}" stroke-width="10" fill="none" stroke-linecap="round"/>`;

const charger: Drawing = (p) =>
  `<rect x="-80" y="-110" width="160" height="150" rx="26" fill="${p.body}" ${line(p)}/>
   <path d="M-34 -110 V-160 M34 -110 V-160" ${line(p, 12)}/>
   <rect x="-36" y="-40" width="72" height="22" rx="8" fill="${p.screen}" ${line(p, 4)}/>
   <path d="M-8 -86 L-20 -62 H4 L-8 -38" stroke="${p.accent}" stroke-width="6" fill="none" stroke-linejoin="round"/>
   <path d="M0 40 V80 Q0 130 60 130 H160" fill="none" ${line(p, 10)}/>
   <rect x="150" y="118" width="28" height="24" rx="5" fill="${p.accent}" ${line(p, 4)}/>`;

const powerbank: Drawing = (p) =>
  `<rect x="-90" y="-150" width="180" height="300" rx="26" fill="${p.body}" ${line(p)}/>
   <rect x="-50" y="-150" width="100" height="14" rx="5" fill="${p.screen}" ${line(p, 3)}/>
   ${[-60, -20, 20, 60].map((y, i) => `<rect x="-14" y="${y}" width="28" height="28" rx="6" fill="${p.accent}" opacity="${1 - i * 0.2}"/>`).join('')}
   <path d="M-8 -110 L-20 -86 H4 L-8 -62" stroke="${p.accent}" stroke-width="6" fill="none" stroke-linejoin="round"/>`;

const phoneCase: Drawing = (p) =>
  `<rect x="-84" y="-150" width="168" height="300" rx="34" fill="${p.body}" ${line(p)}/>
   <rect x="-70" y="-136" width="80" height="86" rx="20" fill="${p.screen}" ${line(p, 4)}/>
   <circle cx="0" cy="40" r="40" fill="none" stroke="${p.accent}" stroke-width="6"/>
   <path d="M84 -70 h8 M84 -40 h8" ${line(p, 5)}/>`;

const watch: Drawing = (p) =>
  `<path d="M-50 -70 L-40 -170 H40 L50 -70 M-50 70 L-40 170 H40 L50 70" fill="${p.screen}" ${line(p)}/>
   <rect x="-78" y="-90" width="156" height="180" rx="40" fill="${p.body}" ${line(p)}/>
   <rect x="-62" y="-74" width="124" height="148" rx="30" fill="${p.screen}"/>
   <rect x="78" y="-28" width="14" height="40" rx="6" fill="${p.accent}" ${line(p, 3)}/>
   <path d="M0 -40 V0 L28 20" ${line(p, 7)} fill="none"/>
   <circle cx="0" cy="0" r="56" fill="none" stroke="${p.accent}" stroke-width="6" stroke-dasharray="240 400" opacity="0.8"/>`;

/** Fallback for categories added later by operators. */
const pkg: Drawing = (p) =>
  `<path d="M-130 -60 L0 -120 L130 -60 V90 L0 150 L-130 90 Z" fill="${p.body}" ${line(p)}/>
   <path d="M-130 -60 L0 0 L130 -60 M0 0 V150" fill="none" ${line(p)}/>
   <path d="M-65 -90 L65 -30 V10" fill="none" stroke="${p.accent}" stroke-width="12" stroke-linecap="round"/>`;

export const DRAWINGS: Record<DrawingKind, Drawing> = {
  phone,
  laptop,
  tablet,
  ereader,
  headphones,
  earbuds,
  tv,
  camera,
  'action-camera': actionCamera,
  dumbbell,
  'running-shoe': runningShoe,
  tent,
  bicycle,
  fridge,
  washer,
  dishwasher,
  'toy-brick': toyBrick,
  dice,
  'toy-figure': toyFigure,
  tshirt,
  sneaker,
  charger,
  powerbank,
  'phone-case': phoneCase,
  watch,
  package: pkg,
};

/** Subcategory first (a fridge and a washer share "beyaz-esya"), then the top-level category. */
const BY_SUBCATEGORY: Record<string, DrawingKind> = {
  'tablet/e-kitap-okuyucu': 'ereader',
  'kamera/aksiyon-kamerasi': 'action-camera',
  'spor/fitness': 'dumbbell',
  'spor/kosu': 'running-shoe',
  'spor/kamp': 'tent',
  'spor/bisiklet': 'bicycle',
  'beyaz-esya/buzdolabi': 'fridge',
  'beyaz-esya/camasir-makinesi': 'washer',
  'beyaz-esya/bulasik-makinesi': 'dishwasher',
  'oyuncak/kutu-oyunlari': 'dice',
  'oyuncak/bebek-ve-figur': 'toy-figure',
  'giyim/ayakkabi': 'sneaker',
  'aksesuar/powerbank': 'powerbank',
  'aksesuar/kilif': 'phone-case',
  'aksesuar/akilli-saat': 'watch',
};

const BY_CATEGORY: Record<string, DrawingKind> = {
  telefon: 'phone',
  laptop: 'laptop',
  tablet: 'tablet',
  kulaklik: 'headphones',
  televizyon: 'tv',
  kamera: 'camera',
  spor: 'dumbbell',
  'beyaz-esya': 'fridge',
  oyuncak: 'toy-brick',
  giyim: 'tshirt',
  aksesuar: 'charger',
};

export function drawingKindFor(categorySlug: string | null, subcategorySlug: string | null, name = ''): DrawingKind {
  // In-ear models share the headphone categories but look nothing like a headband.
  if (categorySlug === 'kulaklik' && /\b(TWS|Buds|AirPods(?! Max)|Earbuds|WF-|Liberty|EarPods|ZSN)\b/i.test(name))
    return 'earbuds';
  return BY_SUBCATEGORY[`${categorySlug}/${subcategorySlug}`] ?? BY_CATEGORY[categorySlug ?? ''] ?? 'package';
}
