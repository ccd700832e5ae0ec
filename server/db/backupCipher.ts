/**
 * Back-ups encrypted at rest (decision 062): AES-256-GCM under a key derived from BACKUP_KEY with HKDF-SHA256
 * and a random salt of the file's own, with a random nonce. The file is a header (format, version, salt, nonce,
 * a check value of the key), the ciphertext, then GCM's 16-byte tag; the header is authenticated with the data.
 * Both ways stream, so a dump of any size passes through in chunks.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('MLBACKUP');
const VERSION = 1;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES;

/** The key is missing or is not the one a back-up was written with: the staff's to fix, said in one line. */
export class BackupKeyError extends Error {}

/** The file's encryption key and, from the same derivation, the value that tells a wrong BACKUP_KEY at once. */
function derive(secret: string, salt: Buffer): { key: Buffer; check: Buffer } {
  const bytes = Buffer.from(hkdfSync('sha256', secret, salt, 'meridian-lab back-up v1', 32 + CHECK_BYTES));
  return { key: bytes.subarray(0, 32), check: bytes.subarray(32) };
}

/** Encrypts what passes through: the header first, the tag last. */
function encryption(secret: string): Transform {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const { key, check } = derive(secret, salt);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, nonce, check]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, cipher.update(chunk));
    },
    flush(done) {
      done(null, Buffer.concat([cipher.final(), cipher.getAuthTag()]));
    },
  });
  stream.push(header);
  return stream;
}

/** Writes `source` (a stream, such as pg_dump's output) encrypted to `target`. */
export const encryptStream = (source: Readable, target: string, secret: string): Promise<void> =>
  pipeline(source, encryption(secret), fs.createWriteStream(target));

/** Writes the file `source` encrypted to `target`. */
export const encryptFile = (source: string, target: string, secret: string): Promise<void> =>
  encryptStream(fs.createReadStream(source), target, secret);

/** Whether a file is an encrypted back-up (by its first bytes, whatever its name). */
export function isEncrypted(file: string): boolean {
  const start = Buffer.alloc(MAGIC.length);
  const handle = fs.openSync(file, 'r');
  try {
    return fs.readSync(handle, start, 0, start.length, 0) === start.length && start.equals(MAGIC);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Writes the decrypted back-up `file` to `target`. A missing or wrong key is said before anything is written; a
 * file changed by even one bit fails its tag at the end, and then `target` must not be used (the caller removes it).
 */
export async function decryptFile(file: string, target: string, secret: string | undefined): Promise<void> {
  if (!secret) throw new BackupKeyError(`${file} is encrypted: set BACKUP_KEY to the key it was written with`);
  const { size } = fs.statSync(file);
  const header = Buffer.alloc(HEADER_BYTES);
  const handle = fs.openSync(file, 'r');
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    fs.readSync(handle, header, 0, HEADER_BYTES, 0);
    fs.readSync(handle, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    fs.closeSync(handle);
  }
  const damaged = (cause?: unknown) =>
    new Error(`${file} is damaged or was altered: its encryption does not authenticate it`, { cause });
  if (size <= HEADER_BYTES + TAG_BYTES) throw damaged();
  if (header[MAGIC.length] !== VERSION) throw new Error(`${file} is encrypted in a format this version cannot read`);
  let offset = MAGIC.length + 1;
  const take = (bytes: number) => header.subarray(offset, (offset += bytes));
  const [salt, nonce, check] = [take(SALT_BYTES), take(NONCE_BYTES), take(CHECK_BYTES)];
  const derived = derive(secret, salt);
  // A header changed in its salt looks like a wrong key; in its nonce, it fails the tag as altered.
  if (!timingSafeEqual(derived.check, check))
    throw new BackupKeyError(`BACKUP_KEY is not the key ${file} was encrypted with`);
  const decipher = createDecipheriv('aes-256-gcm', derived.key, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(target, { mode: 0o600 }),
    );
  } catch (error) {
    throw damaged(error);
  }
}
