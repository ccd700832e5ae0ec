import type { StaffAccount } from '../../accounts';
import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../../kit/ConsoleDocument';
import { StackTable } from '../../kit/StackTable';
import { roleLabels } from '../../roles';
import { languageLabels } from '../profile';
import { peopleCopy } from '../texts';

interface PeoplePageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  people: readonly StaffAccount[];
}

/** Every staff member, oldest account first: who they are, where, in what languages, with what role. */
export function PeoplePage({ assets, user, people }: PeoplePageProps) {
  return (
    <ConsoleDocument title="People" assets={assets} user={user} section="people">
      <ConsoleHeading eyebrow="Staff" title="People">
        <p className="staff-muted">Who works in the console, and what each role lets them do.</p>
      </ConsoleHeading>
      <StackTable label="People" columns={['Name', 'Office', 'Languages', 'Time zone', 'Role', 'Account']}>
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
            <td data-label="Account">{person.disabledAt ? 'Disabled' : 'Active'}</td>
          </tr>
        ))}
      </StackTable>
    </ConsoleDocument>
  );
}
