import type { AvatarMimeType } from '@kiyasla/contracts/account';

/** The picture formats we store and serve: the avatar's list (specification §5) for every upload. */
export type PictureType = AvatarMimeType;

const EXTENSIONS: Record<PictureType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The file extension a stored picture is served under, or undefined for any other type. */
export function extensionFor(contentType: string): string | undefined {
  return EXTENSIONS[contentType as PictureType];
}

/**
 * The image type from the file's magic bytes. SVG is deliberately absent: it is a document that
 * can carry scripts, not a picture we can serve safely.
 */
export function sniffImageType(bytes: Buffer): PictureType | null {
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
