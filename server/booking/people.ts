/** The staff who take intro calls: active people of the roles that own leads (decision 079), as the engine reads them. */
import { createAccountStore } from '../console/accounts';
import type { Database } from '../db';
import type { BookingPerson } from './slots';

/** A person who takes calls: the engine's view, with the address and name the invitation names. */
export interface CallTaker extends BookingPerson {
  email: string;
  name: string;
}

const TAKES_CALLS: readonly string[] = ['owner', 'sales'];

export async function callTakers(db: Database): Promise<CallTaker[]> {
  const accounts = await createAccountStore(db).list();
  return accounts
    .filter((person) => !person.disabledAt && !person.invitedAt && TAKES_CALLS.includes(person.role))
    .map(({ id, email, name, office, languages, timeZone, hours }) => ({
      ...{ id, email, name: name || email, office, languages, timeZone, hours },
    }));
}
