import { DRAWINGS, drawingKindFor, type Palette } from './drawings';
import { escapeXml, hash32, hsl, wrapText } from './svg';

export interface ProductImageInput {
  id: string;
  name: string;
  brand: string;
  model: string | null;
  categorySlug: string | null;
  subcategorySlug: string | null;
}

/** 1 = front, 2 = another angle (back side, mirrored, shifted colours), 3 = close-up detail. */
export type ImageVariant = 1 | 2 | 3;

const SIZE = 600;

/** Base hue per top-level category, so a listing page reads as one family of images. */
const CATEGORY_HUES: Record<string, number> = {
  telefon: 215,
  laptop: 245,
  tablet: 192,
  kulaklik: 275,
  televizyon: 200,
  kamera: 22,
  spor: 140,
  'beyaz-esya': 178,
  oyuncak: 42,
  giyim: 330,
  aksesuar: 160,
};

export function parseImageVariant(raw: unknown): ImageVariant {
  return raw === '2' || raw === 2 ? 2 : raw === '3' || raw === 3 ? 3 : 1;
}

/**
 * A product picture as SVG: soft category-tinted gradient, a line drawing of the product kind,
 * brand and model. Everything derives from the product id and text, so the same product always
 * gets the same image (cacheable, stable ETag) and two variants of a model look related.
 */
export function renderProductImage(product: ProductImageInput, variant: ImageVariant = 1): string {
  const seed = hash32(product.id);
  const baseHue = (CATEGORY_HUES[product.categorySlug ?? ''] ?? 210) + ((seed % 21) - 10);
  const hue = baseHue + (variant === 2 ? 24 : variant === 3 ? -24 : 0);
  const palette: Palette = {
    stroke: hsl(hue, 45, 24),
    body: hsl(hue, 30, 97),
    screen: hsl(hue, 70, 86),
    accent: hsl(hue + 150, 75, 58),
  };
  const kind = drawingKindFor(product.categorySlug, product.subcategorySlug, product.name);
  const drawing = DRAWINGS[kind](palette, variant === 2);
  const angle = variant === 2 ? 135 : variant === 3 ? 90 : 45 + (seed % 30);
  // Brands keep their own spelling: Turkish upper-casing would turn "Nike" into "NİKE".
  const brand = escapeXml(product.brand);
  const modelLines = wrapText(product.model || product.name, 34, 2).map(escapeXml);
  const title = escapeXml(product.name);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${hsl(hue, 80, 96)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 88)}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.42" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    decorations(seed, variant, hue),
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>`,
    `<g transform="${drawingTransform(variant, seed)}">${drawing}</g>`,
    `<text x="300" y="${modelLines.length > 1 ? 486 : 500}" text-anchor="middle" font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="30" font-weight="800" letter-spacing="1" fill="${palette.stroke}">${brand}</text>`,
    ...modelLines.map(
      (text, i) =>
        `<text x="300" y="${(modelLines.length > 1 ? 524 : 538) + i * 32}" text-anchor="middle" font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="24" font-weight="500" fill="${hsl(hue, 25, 30)}">${text}</text>`,
    ),
    '</svg>',
  ].join('');
}

/** Where the drawing sits: centred, mirrored and tilted for the second angle, enlarged for the detail view. */
function drawingTransform(variant: ImageVariant, seed: number): string {
  if (variant === 2) return 'translate(300 235) scale(-0.92 0.92) rotate(-8)';
  if (variant === 3) return `translate(${285 + (seed % 30)} 232) scale(1.2) rotate(6)`;
  return 'translate(300 235) scale(0.92)';
}

/** Two soft circles whose placement comes from the id: each product's background differs a little. */
function decorations(seed: number, variant: ImageVariant, hue: number): string {
  const a = (seed >>> 3) % 200;
  const b = (seed >>> 11) % 200;
  return [
    `<circle cx="${80 + a + variant * 20}" cy="${90 + (b % 120)}" r="${110 + (a % 60)}" fill="${hsl(hue + 40, 85, 80)}" opacity="0.35"/>`,
    `<circle cx="${520 - (b % 160)}" cy="${430 - (a % 100)}" r="${80 + (b % 50)}" fill="${hsl(hue - 30, 80, 82)}" opacity="0.3"/>`,
  ].join('');
}
