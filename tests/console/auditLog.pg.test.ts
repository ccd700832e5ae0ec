import { describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { createAuditLog } from '../../server/console/audit/log';
import { recordAudit } from '../../server/console/audit/record';
import { createKeptForms } from '../../server/console/keptForms';
import { hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import { createSessionStore } from '../../server/console/sessions';
import { purgeExpired } from '../../server/privacy/retention';
import { engines } from '../support/engines';

const everything = { actor: '', action: '', from: '', to: '' } as const;

describe.each(engines)('the audit log on $engine', { timeout: 30_000 }, ({ engine, open }) => {
  it('refuses an update and any delete but of rows past a year, on PostgreSQL too', async () => {
    const db = await open();
    try {
      await recordAudit(db, { actor: 'Ana@meridianlab.test', action: 'sign-in', object: 'person 1' });
      const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
      await db.run(
        "INSERT INTO audit_log (at, actor, action, object, detail) VALUES (?, 'ana@meridianlab.test', 'sign-in', 'person 1', '')",
        old,
      );
      await expect(db.run("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
      await expect(db.run('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      if (engine === 'postgres') await expect(db.run('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
      expect((await purgeExpired(db)).auditLog).toBe(1);
      const log = createAuditLog(db);
      expect(await log.all(everything)).toEqual([
        expect.objectContaining({ actor: 'ana@meridianlab.test', action: 'sign-in', object: 'person 1', detail: '' }),
      ]);
      expect((await log.page({ ...everything, action: 'sign-in', from: old.slice(0, 10) }, null)).total).toBe(1);
      expect((await log.page({ ...everything, to: old.slice(0, 10) }, null)).total).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('lists, ends and remembers sessions for a day, and keeps a form only its token reads', async () => {
    const db = await open();
    try {
      const hash = await hashPassword('violet-cyan-meridian-42', { ...SCRYPT_PARAMS, N: 2 ** 10 });
      await createAccountStore(db).add('ana@meridianlab.test', hash);
      const accountId = (await createAccountStore(db).find('ana@meridianlab.test'))!.id;
      const sessions = createSessionStore(db);
      const token = await sessions.create(accountId, undefined, { userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0' });
      const [listed] = await sessions.list(accountId);
      expect(listed).toMatchObject({ userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0' });
      expect(await sessions.ended(token)).toBeUndefined();
      expect(await sessions.endOne(accountId, listed!.id)).toBe(true);
      expect(await sessions.resume(token)).toBeUndefined();
      expect(await sessions.ended(token)).toMatchObject({ accountId });
      expect(await sessions.ended(token, new Date(Date.now() + 25 * 3_600_000))).toBeUndefined();

      const kept = createKeptForms(db);
      const form = { path: '/staff/articles/1', fields: { title: 'Kept' } };
      const key = await kept.keep(accountId, form);
      expect(await kept.read(key)).toEqual({ accountId, form });
      expect(await kept.read(`${key}x`)).toBeUndefined();
      expect(await kept.read(key, new Date(Date.now() + 25 * 3_600_000))).toBeUndefined();
      expect(await kept.read(key)).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
