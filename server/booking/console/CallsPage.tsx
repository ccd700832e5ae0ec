import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument } from '../../console/kit/ConsoleDocument';
import { FilterForm } from '../../console/kit/FilterForm';
import { SelectField } from '../../console/kit/SelectField';
import { StackTable } from '../../console/kit/StackTable';
import { OFFICES } from '../../console/people/profile';
import type { CallTaker } from '../people';
import type { CallFilter, CallRow } from './calls';
import { callWhen } from './callTimes';

interface CallsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  filter: CallFilter;
  people: readonly CallTaker[];
  /** The viewer's time zone: every time is shown in it. */
  zone: string;
  coming: readonly CallRow[];
  toMark: readonly CallRow[];
}

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish' };

function CallTable({
  id,
  title,
  calls,
  zone,
  nameOf,
  empty,
}: {
  id: string;
  title: string;
  calls: readonly CallRow[];
  zone: string;
  nameOf: (email: string) => string;
  empty: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="staff-section-title">
        {title} ({calls.length})
      </h2>
      {calls.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <StackTable labelledBy={id} columns={['When', 'Visitor', 'Person', 'Office', 'Language']}>
          {calls.map((call) => (
            <tr key={call.id}>
              <td data-label="When">
                <a className="staff-link" href={`/staff/calls/${call.id}`}>
                  <time dateTime={call.startAt}>{callWhen(call.startAt, zone)}</time>
                </a>
              </td>
              <td data-label="Visitor">
                {call.name}
                {call.company ? `, ${call.company}` : ''}
              </td>
              <td data-label="Person">{nameOf(call.personEmail)}</td>
              <td data-label="Office">{call.office}</td>
              <td data-label="Language">{LANGUAGES[call.locale] ?? call.locale}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

/** The calls to come and those to mark, filtered by person and office, in the viewer's time zone (decision 087). */
export function CallsPage({ assets, user, filter, people, zone, coming, toMark }: CallsPageProps) {
  const nameOf = (email: string) => people.find((person) => person.email === email)?.name ?? email;
  const personOptions: (readonly [string, string])[] = [
    ['', 'Everyone'],
    ...people.map((person) => [person.email, person.name] as const),
  ];
  return (
    <ConsoleDocument title="Calls" assets={assets} user={user} section="calls">
      <div className="container staff-section">
        <h1>Intro calls</h1>
        <p>Times in your time zone, {zone} (your profile sets it).</p>
        <FilterForm action="/staff/calls" label="Filter the calls" submit="Show" clearHref="/staff/calls">
          <SelectField id="calls-person" name="person" label="Person" value={filter.person} options={personOptions} />
          <SelectField
            id="calls-office"
            name="office"
            label="Office"
            value={filter.office}
            options={[['', 'All offices'], ...OFFICES.map((city) => [city, city] as const)]}
          />
        </FilterForm>
        <CallTable
          id="calls-to-mark"
          title="Over, to mark held or no-show"
          calls={toMark}
          zone={zone}
          nameOf={nameOf}
          empty="Every call that is over is marked."
        />
        <CallTable
          id="calls-coming"
          title="To come"
          calls={coming}
          zone={zone}
          nameOf={nameOf}
          empty="No call is booked."
        />
      </div>
    </ConsoleDocument>
  );
}
