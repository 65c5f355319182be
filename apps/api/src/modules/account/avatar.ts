import { AVATAR_MAX_BYTES, type AvatarMimeType } from '@kiyasla/contracts/account';
import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../../lib/errors';
import { extensionFor, sniffImageType } from '../../lib/image-type';

export interface DecodedImage {
  contentType: AvatarMimeType;
  extension: string;
  data: Buffer;
}

const tooLarge = () => new AppError(413, 'AVATAR_TOO_LARGE', messages.auth.avatarTooLarge);
const notImage = () => new AppError(400, 'AVATAR_NOT_IMAGE', messages.auth.avatarNotImage);

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
  return { contentType, extension: extensionFor(contentType)!, data };
}
