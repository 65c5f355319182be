/** Small helpers shared by the SVG builders. */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Escapes text for element content and attribute values. Product names come from admins and
 * store feeds, so nothing reaches the markup unescaped; control characters that XML 1.0
 * forbids are dropped instead of producing an unparsable image.
 */
export function escapeXml(text: string): string {
  let out = '';
  for (const ch of text) {
    if (!isXmlChar(ch.codePointAt(0) ?? 0)) continue;
    out += XML_ESCAPES[ch] ?? ch;
  }
  return out;
}

/** XML 1.0 `Char`: tab, newline, carriage return and everything from U+0020 except U+FFFE/U+FFFF. */
function isXmlChar(codePoint: number): boolean {
  if (codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd) return true;
  return codePoint >= 0x20 && codePoint !== 0xfffe && codePoint !== 0xffff;
}

/** FNV-1a 32-bit: a stable number per id/slug, so an image never changes between requests. */
export function hash32(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  return `hsl(${h} ${saturation}% ${lightness}%)`;
}

/**
 * Greedy word wrap by character count (SVG has no text layout). Words longer than a line are
 * cut; text beyond `maxLines` ends with an ellipsis.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = last.length >= maxChars ? `${last.slice(0, maxChars - 1)}…` : `${last}…`;
  return kept;
}
