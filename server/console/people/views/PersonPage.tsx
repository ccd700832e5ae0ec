import type { StaffAccount } from '../../accounts';
import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice, ProblemsNotice } from '../../kit/ConsoleDocument';
import { LabelledField } from '../../kit/LabelledField';
import { SelectField } from '../../kit/SelectField';
import { TextField } from '../../kit/TextField';
import { roleLabels, ROLES } from '../../roles';
import type { SessionSummary } from '../../sessions';
import { SessionTable } from '../../views/SessionTable';
import type { ProfileFields } from '../profile';
import { NAME_MAX, OFFICE_TIME_ZONES, OFFICES, WEEKDAYS } from '../profile';
import { LanguageChecks } from './LanguageChecks';

interface PersonPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  person: StaffAccount;
  /** What the form shows: the stored profile, or what was typed when it was refused. */
  fields: ProfileFields;
  problems: readonly string[];
  saved?: string;
  twoFactorOn: boolean;
  /** The signed-in owner's own page: their two factors are turned off from their account page, with a code. */
  self: boolean;
  /** Their live sessions, which an owner may end. */
  sessions: readonly SessionSummary[];
}

const dayName = (day: string) => `${day[0]!.toUpperCase()}${day.slice(1)}`;

/** One person's profile and role, as a plain form (no script). */
export function PersonPage(props: PersonPageProps) {
  const { assets, user, person, fields, problems, saved, twoFactorOn, self, sessions } = props;
  const title = person.name || person.email;
  return (
    <ConsoleDocument title={title} assets={assets} user={user} section="people">
      <p className="staff-back">
        <a href="/staff/people">All people</a>
      </p>
      <ConsoleHeading eyebrow="Person" title={title}>
        <p className="staff-muted">{person.email}</p>
      </ConsoleHeading>
      {saved && <Notice tone="success">{saved}</Notice>}
      <ProblemsNotice problems={problems} />
      {person.invitedAt && (
        <section className="staff-panel card" aria-labelledby="invitation-title">
          <h2 id="invitation-title">Invitation</h2>
          <p className="staff-muted">
            Invited, no password yet. A new invitation sends a new link, valid 72 hours; the earlier one stops working.
          </p>
          <form method="post" action={`/staff/people/${person.id}/invite`}>
            <CsrfField user={user} />
            <button className="button button--secondary" type="submit">
              Send the invitation again
            </button>
          </form>
        </section>
      )}
      <section className="staff-panel card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile and role</h2>
        <form className="staff-form" method="post" action={`/staff/people/${person.id}`}>
          <CsrfField user={user} />
          <TextField id="person-name" name="name" label="Name" value={fields.name ?? ''} maxLength={NAME_MAX} />
          <SelectField
            id="person-office"
            name="office"
            label="Office"
            value={fields.office}
            options={OFFICES.map((office) => [office, office] as const)}
          />
          <LanguageChecks legend="Languages they take calls in" fields={fields} />
          <TextField
            id="person-zone"
            name="timeZone"
            label={`Time zone (an IANA name; empty for the office's: ${Object.entries(OFFICE_TIME_ZONES)
              .map(([office, zone]) => `${office} ${zone}`)
              .join(', ')})`}
            value={fields.timeZone ?? ''}
            maxLength={64}
          />
          <fieldset className="staff-fieldset">
            <legend>Working hours, in their time zone (both empty: not a working day)</legend>
            {WEEKDAYS.map((day) => (
              <div key={day} className="staff-hours">
                {(['from', 'to'] as const).map((end) => {
                  const name = `${day}${end === 'from' ? 'From' : 'To'}` as const;
                  return (
                    <LabelledField key={end} id={`${day}-${end}`} label={`${dayName(day)} ${end}`}>
                      <input
                        className="contact-field__control"
                        id={`${day}-${end}`}
                        name={name}
                        type="time"
                        defaultValue={fields[name] ?? ''}
                      />
                    </LabelledField>
                  );
                })}
              </div>
            ))}
          </fieldset>
          <SelectField
            id="person-role"
            name="role"
            label="Role"
            value={fields.role}
            options={ROLES.map((role) => [role, roleLabels[role]] as const)}
          />
          <button className="button button--primary" type="submit">
            Save
          </button>
        </form>
      </section>
      <section className="staff-panel card" aria-labelledby="person-two-factor-title">
        <h2 id="person-two-factor-title">Two-factor sign-in</h2>
        <p>{twoFactorOn ? 'On.' : 'Off.'}</p>
        {twoFactorOn && !self && (
          <form className="staff-form" method="post" action={`/staff/people/${person.id}/two-factor/reset`}>
            <CsrfField user={user} />
            <p className="staff-muted">
              For someone who lost both their authenticator app and their recovery codes: their secret and codes are
              deleted, and they set two factors up again.
            </p>
            <button className="staff-button" type="submit">
              Reset their two-factor sign-in
            </button>
          </form>
        )}
      </section>
      <section className="staff-panel card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        {sessions.length === 0 ? (
          <p className="staff-muted">Not signed in anywhere now.</p>
        ) : (
          <SessionTable
            user={user}
            sessions={sessions}
            labelledBy="sessions-title"
            endAction={(id) => `/staff/people/${person.id}/sessions/${id}/end`}
          />
        )}
      </section>
    </ConsoleDocument>
  );
}
