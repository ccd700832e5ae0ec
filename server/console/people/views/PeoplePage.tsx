import type { StaffAccount } from '../../accounts';
import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../kit/ConsoleDocument';
import { StackTable } from '../../kit/StackTable';
import { roleLabels } from '../../roles';
import { languageLabels } from '../profile';
import { peopleCopy } from '../texts';

interface PeoplePageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  people: readonly StaffAccount[];
  /** The accounts with two-factor sign-in on. */
  withTwoFactor: ReadonlySet<number>;
  /** Whether two factors are required of everyone. */
  required: boolean;
  saved?: string;
}

/** Every staff member, oldest account first: who they are, where, in what languages, with what role. */
export function PeoplePage({ assets, user, people, withTwoFactor, required, saved }: PeoplePageProps) {
  return (
    <ConsoleDocument title="People" assets={assets} user={user} section="people">
      <ConsoleHeading eyebrow="Staff" title="People">
        <p className="staff-muted">Who works in the console, and what each role lets them do.</p>
      </ConsoleHeading>
      {saved && <Notice tone="success">{saved}</Notice>}
      <StackTable
        label="People"
        columns={['Name', 'Office', 'Languages', 'Time zone', 'Role', 'Two factors', 'Account']}
      >
        {people.map((person) => (
          <tr key={person.id}>
            <td data-label="Name">
              <a className="staff-table__primary" href={`/staff/people/${person.id}`}>
                {person.name || peopleCopy.noName}
              </a>
              <span className="staff-table__secondary">{person.email}</span>
            </td>
            <td data-label="Office">{person.office}</td>
            <td data-label="Languages">{person.languages.map((language) => languageLabels[language]).join(', ')}</td>
            <td data-label="Time zone">{person.timeZone}</td>
            <td data-label="Role">{roleLabels[person.role]}</td>
            <td data-label="Two factors">{withTwoFactor.has(person.id) ? 'On' : 'Off'}</td>
            <td data-label="Account">{person.disabledAt ? 'Disabled' : 'Active'}</td>
          </tr>
        ))}
      </StackTable>
      <section className="staff-panel card" aria-labelledby="two-factor-rule-title">
        <h2 id="two-factor-rule-title">Two-factor sign-in</h2>
        <form className="staff-form" method="post" action="/staff/people/two-factor">
          <CsrfField user={user} />
          <label className="staff-articles__check">
            <input type="checkbox" name="required" defaultChecked={required} /> Require two factors for everyone:
            whoever has none sets them up at their next sign-in, before anything else
          </label>
          <button className="button button--primary" type="submit">
            Save
          </button>
        </form>
      </section>
    </ConsoleDocument>
  );
}
