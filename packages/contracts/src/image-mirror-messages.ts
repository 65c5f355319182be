/**
 * Why a picture the back office named by an address on another site could not be downloaded at
 * save (ADR 021): stable codes for programs and the operator's Turkish text, shown under the
 * address's field. The HTTP status of every one is 422: the form is valid, the picture is not.
 */
export const imageMirrorMessages = {
  IMAGE_UNREACHABLE: 'Görsel bu adresten indirilemedi.',
  IMAGE_BLOCKED_ADDRESS:
    'Görsel adresi yerel ya da özel bir ağ adresine çıkıyor; güvenlik nedeniyle bu adreslerden görsel indirilmez.',
  IMAGE_TOO_LARGE: "Görsel 5 MB'tan büyük olamaz.",
  IMAGE_NOT_PICTURE: 'Adresteki dosya bir resim değil: JPEG, PNG, GIF, WebP ya da AVIF olmalıdır.',
} as const;

export type ImageMirrorErrorCode = keyof typeof imageMirrorMessages;

/**
 * A picture address the back office accepts (product images, a category's image, a store's logo):
 * a path of this site (`/api/media/…`, how a kept picture comes back to the form) or an http(s)
 * address on another site, downloaded at save.
 */
export function isPictureAddress(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
