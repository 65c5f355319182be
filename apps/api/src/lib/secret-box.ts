import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the secrets among the admin settings (payment keys, webhook secret):
 * AES-256-GCM with a key derived from JWT_SECRET by HKDF, so an instance needs no second secret
 * and every instance (which shares JWT_SECRET) reads what another wrote. ADR 016.
 *
 * Stored form: `enc:v1:<iv>.<tag>.<ciphertext>` (base64url). A value without the prefix is
 * plaintext written before encryption existed, and is read as is.
 */
const PREFIX = 'enc:v1:';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'kiyasla', 'kiyasla:settings-secrets:v1', 32));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plaintext; null when the value was sealed with another key (JWT_SECRET rotated) or damaged. */
  open(value: string): string | null {
    if (!SecretBox.isSealed(value)) return value;
    const [iv, tag, body] = value.slice(PREFIX.length).split('.');
    if (!iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
