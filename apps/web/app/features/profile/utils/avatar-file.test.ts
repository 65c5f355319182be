import { describe, expect, it } from 'vitest';
import { checkAvatarFile, readAsDataUrl } from './avatar-file';

const MB = 1024 * 1024;

describe('checkAvatarFile', () => {
  it('accepts common image types up to 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 5 * MB })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/jpeg', size: 1200 })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toEqual({ ok: true });
  });

  it("refuses files over 5 MB with the specification's message", () => {
    expect(checkAvatarFile({ type: 'image/png', size: 5 * MB + 1 })).toEqual({
      ok: false,
      message: "Dosya boyutu 5MB'dan küçük olmalıdır",
    });
  });

  it('refuses anything that is not an image', () => {
    for (const type of ['application/pdf', 'text/plain', '', 'image/svg+xml']) {
      expect(checkAvatarFile({ type, size: 10 })).toEqual({
        ok: false,
        message: 'Sadece resim dosyaları yüklenebilir',
      });
    }
  });
});

describe('readAsDataUrl', () => {
  it('reads a file as a data URL', async () => {
    const url = await readAsDataUrl(new Blob(['hi'], { type: 'image/png' }));
    expect(url).toBe('data:image/png;base64,aGk=');
  });
});
