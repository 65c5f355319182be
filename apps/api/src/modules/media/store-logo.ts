import { escapeXml, hash32, hsl } from './svg';

export interface StoreLogoInput {
  name: string;
  slug: string;
}

/**
 * "Ev&Yaşam" → "EY", "MegaStore TR" → "MT", "TeknoPazar" → "TP" (capitals inside one word),
 * "Dijital Çarşı" → "DÇ". Turkish upper-casing keeps "i" → "İ".
 */
export function storeInitials(name: string): string {
  const words = name.split(/[\s&+\-_.,/]+/).filter(Boolean);
  if (words.length >= 2) return `${firstLetter(words[0])}${firstLetter(words[1])}`.toLocaleUpperCase('tr-TR');
  const word = words[0] ?? '?';
  const capitals = [...word].filter((ch) => /\p{Lu}/u.test(ch));
  const letters = capitals.length >= 2 ? capitals.slice(0, 2).join('') : [...word].slice(0, 2).join('');
  return letters.toLocaleUpperCase('tr-TR');
}

function firstLetter(word: string | undefined): string {
  return [...(word ?? '')][0] ?? '';
}

/** A rounded badge in a colour derived from the slug, with the initials and the store name. */
export function renderStoreLogo(store: StoreLogoInput): string {
  const hue = hash32(store.slug) % 360;
  const name = escapeXml(store.name.length > 18 ? `${store.name.slice(0, 17)}…` : store.name);
  const initials = escapeXml(storeInitials(store.name));
  const font = `font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 52)}"/><stop offset="1" stop-color="${hsl(hue + 25, 75, 38)}"/></linearGradient></defs>`,
    `<rect x="8" y="8" width="224" height="224" rx="52" fill="url(#g)"/>`,
    `<rect x="8" y="8" width="224" height="224" rx="52" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="4"/>`,
    `<circle cx="186" cy="54" r="56" fill="#fff" opacity="0.08"/>`,
    `<text x="120" y="138" text-anchor="middle" ${font} font-size="84" font-weight="800" letter-spacing="2" fill="#fff">${initials}</text>`,
    `<text x="120" y="192" text-anchor="middle" ${font} font-size="22" font-weight="600" fill="#fff" fill-opacity="0.92">${name}</text>`,
    '</svg>',
  ].join('');
}
