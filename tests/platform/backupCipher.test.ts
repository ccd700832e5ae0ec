import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { decryptFile, encryptFile, isEncrypted } from '../../server/db/backupCipher';

const KEY = 'k'.repeat(32);
const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cipher-'));

/** A plain back-up of several read chunks, with a line of personal data in the middle, and its encrypted copy. */
async function encrypted(key = KEY) {
  const folder = dir();
  const plain = path.join(folder, 'plain');
  fs.writeFileSync(
    plain,
    Buffer.concat([randomBytes(300_000), Buffer.from('ana@example.com called on Tuesday'), randomBytes(300_000)]),
  );
  const sealed = path.join(folder, 'sealed');
  await encryptFile(plain, sealed, key);
  return { folder, plain, sealed };
}

describe('a back-up encrypted at rest', () => {
  it('is AES-256-GCM with a nonce and salt of its own: no readable byte, and another file each time', async () => {
    const { plain, sealed } = await encrypted();
    const bytes = fs.readFileSync(sealed);
    expect(bytes.toString('latin1')).not.toContain('ana@example.com');
    expect(isEncrypted(sealed)).toBe(true);
    expect(isEncrypted(plain)).toBe(false);
    const again = path.join(path.dirname(plain), 'again');
    await encryptFile(plain, again, KEY);
    expect(fs.readFileSync(again).subarray(0, 64).equals(bytes.subarray(0, 64))).toBe(false);
  });

  it('decrypts, streamed, to exactly what was written', async () => {
    const { folder, plain, sealed } = await encrypted();
    const opened = path.join(folder, 'opened');
    await decryptFile(sealed, opened, KEY);
    expect(fs.readFileSync(opened).equals(fs.readFileSync(plain))).toBe(true);
  });

  it('says so when the key is missing or wrong, before writing anything', async () => {
    const { folder, sealed } = await encrypted();
    const opened = path.join(folder, 'opened');
    await expect(decryptFile(sealed, opened, undefined)).rejects.toThrow(
      /sealed is encrypted: set BACKUP_KEY to the key it was written with$/,
    );
    await expect(decryptFile(sealed, opened, 'w'.repeat(32))).rejects.toThrow(
      /^BACKUP_KEY is not the key .*sealed was encrypted with$/,
    );
    expect(fs.existsSync(opened)).toBe(false);
  });

  it('refuses a file changed by a single bit, in its data or in its nonce', async () => {
    const { folder, sealed } = await encrypted();
    for (const at of [500_000, 30]) {
      const changed = path.join(folder, `changed-${at}`);
      const bytes = fs.readFileSync(sealed);
      bytes[at]! ^= 1;
      fs.writeFileSync(changed, bytes);
      await expect(decryptFile(changed, path.join(folder, `opened-${at}`), KEY)).rejects.toThrow(
        /is damaged or was altered/,
      );
    }
  });
});
