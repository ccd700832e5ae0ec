import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** How a TOTP secret is kept in the database: sealed with a key the database does not hold, or as it is. */
export interface SecretBox {
  seal(secret: string, accountId: number): string;
  /** The secret again; undefined when it was sealed with another key (the key changed). */
  open(stored: string, accountId: number): string | undefined;
}

const SEALED = 'sealed:';
const PLAIN = 'plain:';

/**
 * AES-256-GCM under a key derived from the site's ANALYTICS_KEY (decision 071), bound to the account so a sealed
 * secret copied to another row opens nothing. Without the setting (a key made for one run would lose every secret
 * at the next start), secrets are kept as they are, and marked so: once the key is set, new ones are sealed.
 */
export function secretBox(siteKey: string | undefined): SecretBox {
  const key = siteKey && Buffer.from(hkdfSync('sha256', siteKey, '', 'staff two-factor secret', 32));
  const context = (accountId: number) => Buffer.from(`staff_totp ${accountId}`);
  return {
    seal(secret, accountId) {
      if (!key) return PLAIN + secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(context(accountId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED + [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open(stored, accountId) {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (!key || !stored.startsWith(SEALED)) return undefined;
      const [iv, tag, sealed] = stored
        .slice(SEALED.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv!).setAAD(context(accountId)).setAuthTag(tag!);
        return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
