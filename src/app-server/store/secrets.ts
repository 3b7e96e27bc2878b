// Secrets at rest (an installation's app secret): AES-256-GCM under a key given to the server
// (--secret-key / CROQL_SECRET_KEY). A sealed value names its key by a fingerprint, so a store opened with
// another key says so instead of failing on each value, and --previous-secret-key lets a start re-seal
// everything under a new key (rotation). The value's owner (the organization) is bound in as associated
// data: a sealed secret copied to another row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

export class SecretKeyError extends Error {}

export interface SecretKey {
  /** The first 8 hex digits of the key's SHA-256: what a sealed value names. */
  id: string;
  bytes: Buffer;
}

const PLAIN = 'plain:';
const SEALED = 'aes256gcm:';

/** A key from what the operator gives: 64 hex digits are the key itself; anything else is a passphrase. */
export function secretKey(given: string): SecretKey {
  if (given.length < 16) {
    throw new SecretKeyError(
      'A secret key needs at least 16 characters; `openssl rand -hex 32` makes a good one.',
    );
  }
  const bytes = /^[0-9a-f]{64}$/i.test(given)
    ? Buffer.from(given, 'hex')
    : scryptSync(given, 'croql-store-secret-key', 32);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

export function seal(value: string, owner: string, key: SecretKey | null): string {
  if (!key) return PLAIN + value;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(owner));
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `${SEALED}${key.id}:${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join(':')}`;
}

/** Which key sealed a stored value (null: stored in plain text). */
export function sealedWith(stored: string): string | null {
  return stored.startsWith(SEALED) ? stored.slice(SEALED.length).split(':')[0]! : null;
}

/** Opens a stored value with whichever of `keys` sealed it. */
export function unseal(stored: string, owner: string, keys: (SecretKey | null)[]): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new SecretKeyError(`A secret of ${owner} is not in a known format.`);
  const [id, iv, tag, data] = stored.slice(SEALED.length).split(':');
  const key = keys.find((k) => k?.id === id);
  if (!key) {
    throw new SecretKeyError(
      keys.some(Boolean)
        ? `The store's secrets are sealed with another key (fingerprint ${id}) than the one given ` +
            `(${keys
              .filter(Boolean)
              .map((k) => k!.id)
              .join(', ')}). Start with that key as --secret-key; ` +
            'to change keys, give the old one as --previous-secret-key and the new one as --secret-key.'
        : `The store's secrets are encrypted (key fingerprint ${id}): start with --secret-key (or CROQL_SECRET_KEY) set to that key.`,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv!, 'base64'));
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag!, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError(
      `A secret of ${owner} does not open with its key (fingerprint ${id}): the store was altered or damaged.`,
    );
  }
}
