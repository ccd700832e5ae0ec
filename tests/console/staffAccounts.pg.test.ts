import { describe, expect, it } from 'vitest';

import { createAccountStore } from '../../server/console/accounts';
import { hashPassword, SCRYPT_PARAMS } from '../../server/console/passwords';
import { migrations } from '../../server/db';
import { engines } from '../support/engines';

const cheap = () => hashPassword('violet-cyan-meridian-42', { ...SCRYPT_PARAMS, N: 2 ** 10 });

describe.each(engines)('staff accounts on $engine', { timeout: 30_000 }, ({ older }) => {
  it('made before roles, become owners with the office’s clock; new ones are sales; profiles round-trip', async () => {
    // The schema just before the migration that gave staff their roles (later ones may follow it).
    const roles = migrations.findIndex((migration) => JSON.stringify(migration).includes('ADD COLUMN role '));
    const { db: old, current } = await older(migrations.slice(0, roles));
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
});
