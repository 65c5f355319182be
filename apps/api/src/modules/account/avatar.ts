import { AVATAR_MAX_BYTES, type AvatarMimeType } from '@kiyasla/contracts/account';
import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../../lib/errors';

export interface DecodedImage {
  contentType: AvatarMimeType;
  extension: string;
  data: Buffer;
}

const EXTENSIONS: Record<AvatarMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export function extensionFor(contentType: string): string | undefined {
  return EXTENSIONS[contentType as AvatarMimeType];
}

const tooLarge = () => new AppError(413, 'AVATAR_TOO_LARGE', messages.auth.avatarTooLarge);
const notImage = () => new AppError(400, 'AVATAR_NOT_IMAGE', messages.auth.avatarNotImage);

/**
 * The image type from the file's magic bytes. SVG is deliberately absent: it is a document that
 * can carry scripts, not a picture we can serve safely.
 */
export function sniffImageType(bytes: Buffer): AvatarMimeType | null {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9.+-]+=[^;,]*)*);base64,/i;

/**
 * Decodes a `data:image/...;base64,` avatar. Refuses (with the messages of §5) anything that is
 * not declared as an image, is over 5 MB once decoded, or whose bytes are not a PNG, JPEG, GIF,
 * WebP or AVIF picture — whatever the declared type says. The stored type is the sniffed one.
 */
export function decodeAvatarDataUrl(value: string): DecodedImage {
  const header = DATA_URL.exec(value);
  if (!header) throw notImage();
  const declared = (header[1] ?? '').toLowerCase();
  if (!declared.startsWith('image/')) throw notImage();
  const base64 = value.slice(header[0].length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw notImage();
  // Checked before decoding, so an oversized upload costs no second copy in memory.
  if (
    Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) >
    AVATAR_MAX_BYTES
  ) {
    throw tooLarge();
  }
  const data = Buffer.from(base64, 'base64');
  if (data.length > AVATAR_MAX_BYTES) throw tooLarge();
  const contentType = sniffImageType(data);
  if (!contentType) throw notImage();
  return { contentType, extension: EXTENSIONS[contentType], data };
}
