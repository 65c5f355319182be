import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@kiyasla/contracts/account';
import { authMessages } from '@kiyasla/contracts/messages/auth';

export type AvatarCheck = { ok: true } | { ok: false; message: string };

/**
 * Spec §5: an image type ('Sadece resim dosyaları yüklenebilir') of at most 5 MB ("Dosya boyutu
 * 5MB'dan küçük olmalıdır"). Only the formats the server stores count as images.
 */
export function checkAvatarFile(file: { type: string; size: number }, maxBytes = AVATAR_MAX_BYTES): AvatarCheck {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, message: authMessages.avatarNotImage };
  }
  if (file.size > maxBytes) return { ok: false, message: authMessages.avatarTooLarge };
  return { ok: true };
}

/** The file as a `data:image/...;base64,` URL, as PUT /auth/update-details takes it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read')));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}
