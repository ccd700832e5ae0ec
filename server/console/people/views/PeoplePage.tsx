import type { StaffAccount } from '../../accounts';
import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice, ProblemsNotice } from '../../kit/ConsoleDocument';
import { LabelledField } from '../../kit/LabelledField';
import { SelectField } from '../../kit/SelectField';
import { StackTable } from '../../kit/StackTable';
import { TextField } from '../../kit/TextField';
import { roleLabels, ROLES } from '../../roles';
import type { ProfileFields } from '../profile';
import { languageLabels, NAME_MAX, OFFICES } from '../profile';
import { peopleCopy } from '../texts';
import { LanguageChecks } from './LanguageChecks';

interface PeoplePageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  people: readonly StaffAccount[];
  /** The accounts with two-factor sign-in on. */
  withTwoFactor: ReadonlySet<number>;
  /** Whether two factors are required of everyone. */
  required: boolean;
  saved?: string;
  /** The invitation form as typed, when it was refused. */
  fields: ProfileFields;
  problems: readonly string[];
  /** Said once an invitation is on its way. */
  sent?: string;
}

const accountState = (person: StaffAccount) =>
  person.disabledAt ? 'Disabled' : person.invitedAt ? 'Invited' : 'Active';

/** Every staff member, oldest account first: who they are, where, in what languages, with what role. */
export function PeoplePage(props: PeoplePageProps) {
  const { assets, user, people, withTwoFactor, required, saved, fields, problems, sent } = props;
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
            <td data-label="Account">{accountState(person)}</td>
          </tr>
        ))}
      </StackTable>
      <section className="staff-panel card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite a person</h2>
        <p className="staff-muted">
          They get an e-mail with a link to choose their password; it works once, for 72 hours. Inviting the same
          address again sends a new link and the old one stops working.
        </p>
        {sent && <Notice tone="success">{sent}</Notice>}
        <ProblemsNotice problems={problems} />
        <form className="staff-form" method="post" action="/staff/people">
          <CsrfField user={user} />
          <TextField id="invite-name" name="name" label="Name" value={fields.name ?? ''} maxLength={NAME_MAX} />
          <LabelledField id="invite-email" label="E-mail address">
            <input
              className="contact-field__control"
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              defaultValue={fields.email ?? ''}
            />
          </LabelledField>
          <SelectField
            id="invite-office"
            name="office"
            label="Office"
            value={fields.office}
            options={OFFICES.map((office) => [office, office] as const)}
          />
          <LanguageChecks
            legend="Languages they take calls in (the e-mail is in Spanish for Spanish alone)"
            fields={fields}
          />
          <SelectField
            id="invite-role"
            name="role"
            label="Role"
            value={fields.role ?? 'sales'}
            options={ROLES.map((role) => [role, roleLabels[role]] as const)}
          />
          <button className="button button--primary" type="submit">
            Send the invitation
          </button>
        </form>
      </section>
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
