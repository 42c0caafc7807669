import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption of data at rest (DESIGN.md §6): AES-256-GCM with the key of DATA_ENCRYPTION_KEY.
 * Each value gets a fresh 96-bit nonce; the stored form is `v1.<nonce>.<tag>.<ciphertext>` in
 * base64url, so a later key can be introduced as v2 while v1 values stay readable.
 *
 * `context` is bound as additional authenticated data: a value encrypted for one purpose and row
 * (`totp:42`) fails to decrypt under another, so a ciphertext copied to another user's row is
 * useless there.
 */
export interface DataCipher {
  encrypt(plaintext: string, context: string): string;
  /** Throws when the value was altered, belongs to another context or another key. */
  decrypt(stored: string, context: string): string;
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function createDataCipher(key: Buffer): DataCipher {
  if (key.length !== KEY_BYTES) throw new Error(`The data encryption key must be ${KEY_BYTES} bytes`);
  return {
    encrypt(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const [version, nonce, tag, ciphertext, ...rest] = stored.split('.');
      if (
        version !== VERSION ||
        nonce === undefined ||
        tag === undefined ||
        ciphertext === undefined ||
        rest.length > 0
      )
        throw new Error('Unreadable encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
