/**
 * Who a new lead goes to, by the rule the lab sets (decision 081): round-robin, one fixed person, or by default
 * (decision 079) the least-loaded person who may read leads (sales or owner), of the lead's
 * office (any while a lead names none), speaking its language and at work now; else the least-loaded speaking its
 * language; else the least-loaded of them all. Load is the open leads (new or contacted) a person owns.
 */
import type { City } from '../../shared/content/data';
import type { StaffAccount } from '../console/accounts';
import { createAccountStore } from '../console/accounts';
import type { Database, Queryable } from '../db';
import { readAssignmentRule } from './assignmentRule';
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

/** The active staff who may own a lead, longest on the staff first. */
const ableToOwn = (people: readonly StaffAccount[]) =>
  people.filter((person) => !person.disabledAt && LEAD_ROLES.includes(person.role)).sort((a, b) => a.id - b.id);

const asOwner = (person: StaffAccount): LeadOwner => ({ email: person.email, name: person.name });

/** The least-loaded rule over the people given: a pure choice, so the tests can state it. */
export function chooseOwner(
  people: readonly StaffAccount[],
  load: ReadonlyMap<string, number>,
  { locale, office, at }: Wanted,
): LeadOwner | undefined {
  const able = ableToOwn(people);
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

/** The person after the one the latest owned lead went to, in order on the staff: everyone in turn. */
async function nextInTurn(tx: Queryable, able: readonly StaffAccount[]): Promise<LeadOwner | undefined> {
  const last = await tx.get<{ owner: string }>("SELECT owner FROM leads WHERE owner <> '' ORDER BY id DESC LIMIT 1");
  const at = able.findIndex((person) => person.email.toLowerCase() === last?.owner.toLowerCase());
  const next = able[(at + 1) % able.length];
  return next && asOwner(next);
}

/**
 * The owner of a lead arriving now, by the rule the lab set, read with the load in the lead's transaction. A fixed
 * person who may no longer own leads (disabled, or now an editor) leaves the lead to the default rule.
 */
export async function ownerFor(
  tx: Queryable,
  people: readonly StaffAccount[],
  wanted: Wanted,
): Promise<LeadOwner | undefined> {
  const set = await readAssignmentRule(tx);
  const able = ableToOwn(people);
  if (set.rule === 'round-robin') return nextInTurn(tx, able);
  const fixed = set.rule === 'fixed' && able.find((person) => person.email.toLowerCase() === set.person.toLowerCase());
  if (fixed) return asOwner(fixed);
  return chooseOwner(people, await loads(tx), wanted);
}
