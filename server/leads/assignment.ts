/**
 * Who a new lead goes to (decision 079): the least-loaded person who may read leads (sales or owner), of the lead's
 * office (any while a lead names none), speaking its language and at work now; else the least-loaded speaking its
 * language; else the least-loaded of them all. Load is the open leads (new or contacted) a person owns.
 */
import type { City } from '../../shared/content/data';
import type { StaffAccount } from '../console/accounts';
import { createAccountStore } from '../console/accounts';
import type { Database, Queryable } from '../db';
import { isWorking } from './workingHours';

/** The roles that may open the leads (decision 069): nobody else can own one. */
const LEAD_ROLES: readonly string[] = ['owner', 'sales'];

export interface LeadOwner {
  email: string;
  name: string;
}

interface Wanted {
  locale: string;
  office?: City;
  at: Date;
}

/** Each candidate's open leads, in `tx`, so a lead that arrives meanwhile counts. */
async function loads(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx.all<{ owner: string; open: number }>(
    "SELECT owner, count(*) AS open FROM leads WHERE owner <> '' AND status IN ('new', 'contacted') GROUP BY owner",
  );
  return new Map(rows.map((row) => [row.owner.toLowerCase(), Number(row.open)]));
}

/** The rule over the people given: a pure choice, so the tests can state it. */
export function chooseOwner(
  people: readonly StaffAccount[],
  load: ReadonlyMap<string, number>,
  { locale, office, at }: Wanted,
): LeadOwner | undefined {
  const able = people.filter((person) => !person.disabledAt && LEAD_ROLES.includes(person.role));
  const speaks = able.filter((person) => (person.languages as readonly string[]).includes(locale));
  const tiers = [
    speaks.filter((person) => (!office || person.office === office) && isWorking(person, at)),
    speaks,
    able,
  ];
  const tier = tiers.find((people) => people.length > 0);
  if (!tier) return undefined;
  // Least loaded first; between equals, the longest on the staff (the lowest id), so the choice is stable.
  const [chosen] = [...tier].sort(
    (a, b) => (load.get(a.email.toLowerCase()) ?? 0) - (load.get(b.email.toLowerCase()) ?? 0) || a.id - b.id,
  );
  return { email: chosen!.email, name: chosen!.name };
}

/** The staff as the rule reads them: read before a lead's transaction (they seldom change). */
export const staffForAssignment = (db: Database) => createAccountStore(db).list();

/** The owner of a lead arriving now, its load read in the lead's transaction. */
export async function ownerFor(tx: Queryable, people: readonly StaffAccount[], wanted: Wanted) {
  return chooseOwner(people, await loads(tx), wanted);
}
