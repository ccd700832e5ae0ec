import { describe, expect, it } from 'vitest';

import { createAccountStore, inviteIn } from '../../server/console/accounts';
import { hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import { migrations } from '../../server/db';
import { engines } from '../support/engines';

/** The migrations before the one that writes `words` (its comment's), for a database made before it. */
const before = (words: string) =>
  migrations.slice(
    0,
    migrations.findIndex((m) => JSON.stringify(m).includes(words)),
  );

const cheap = () => hashPassword('violet-cyan-meridian-42', { ...SCRYPT_PARAMS, N: 2 ** 10 });

describe.each(engines)('staff accounts on $engine', { timeout: 30_000 }, ({ older }) => {
  it('made before roles, become owners with the office’s clock; new ones are sales; profiles round-trip', async () => {
    const { db: old, current } = await older(before('Staff are people with a role'));
    const hash = await cheap();
    await old.run(
      `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at)
       VALUES ('ana@meridianlab.test', ?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      hash.hash,
      hash.salt,
      JSON.stringify(hash.params),
    );
    await old.close();
    const db = await current();
    try {
      const accounts = createAccountStore(db);
      expect(await accounts.find('ana@meridianlab.test')).toMatchObject({
        name: '',
        office: 'Miami',
        languages: ['en'],
        timeZone: 'America/New_York',
        hours: {},
        role: 'owner',
      });
      expect(await accounts.add('luis@meridianlab.test', hash, { office: 'Bogota' })).toBe(true);
      expect(await accounts.find('luis@meridianlab.test')).toMatchObject({ role: 'sales', timeZone: 'America/Bogota' });

      const ana = (await accounts.find('ana@meridianlab.test'))!.id;
      const profile = {
        name: 'Ana Ruiz',
        office: 'New York' as const,
        languages: ['en' as const, 'es' as const],
        timeZone: 'America/New_York',
        hours: { friday: { from: '09:00', to: '13:00' } },
      };
      expect(await accounts.update(ana, { ...profile, role: 'editor' })).toBe('last owner');
      expect(await accounts.update(ana, { ...profile, role: 'owner' })).toBe('updated');
      expect(await accounts.find('ana@meridianlab.test')).toMatchObject({ ...profile, role: 'owner' });
      expect(await accounts.update(999, { ...profile, role: 'owner' })).toBe('missing');
    } finally {
      await db.close();
    }
  });

  it('made before invitations: sessions count as checked at sign-in, accounts are active; an invitation never takes one over', async () => {
    const { db: old, current } = await older(before('Invitations and password resets by e-mail'));
    const hash = await cheap();
    await old.run(
      `INSERT INTO staff_accounts (email, password_hash, password_salt, password_params, created_at, password_changed_at, role)
       VALUES ('ana@meridianlab.test', ?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'owner')`,
      hash.hash,
      hash.salt,
      JSON.stringify(hash.params),
    );
    const signedInAt = new Date().toISOString();
    await old.run(
      "INSERT INTO staff_sessions (id, account_id, csrf_token, created_at, last_seen_at) VALUES ('s', 1, 'c', ?, ?)",
      signedInAt,
      signedInAt,
    );
    await old.close();
    const db = await current();
    try {
      expect(await db.get('SELECT checked_at FROM staff_sessions')).toEqual({ checked_at: signedInAt });
      expect((await createAccountStore(db).find('ana@meridianlab.test'))!.invitedAt).toBeNull();
      const profile = {
        name: 'Ana',
        office: 'Miami' as const,
        languages: ['en' as const],
        timeZone: 'America/New_York',
        hours: {},
        role: 'sales' as const,
      };
      expect(await db.transaction((tx) => inviteIn(tx, 'ana@meridianlab.test', profile, new Date()))).toBeUndefined();
      const invited = await db.transaction((tx) => inviteIn(tx, 'new@meridianlab.test', profile, new Date()));
      expect(
        await db.transaction((tx) => inviteIn(tx, 'new@meridianlab.test', { ...profile, name: 'Nuevo' }, new Date())),
      ).toBe(invited);
      expect(await createAccountStore(db).find('new@meridianlab.test')).toMatchObject({ name: 'Nuevo', role: 'sales' });
      // An invited owner is not an owner who can give roles: the last active owner stays one.
      expect(await createAccountStore(db).update(invited!, { ...profile, role: 'owner' })).toBe('updated');
      expect(await createAccountStore(db).update(1, { ...profile, role: 'sales' })).toBe('last owner');
    } finally {
      await db.close();
    }
  });
});
