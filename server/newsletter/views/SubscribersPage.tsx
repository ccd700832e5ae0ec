import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { CountPanel } from '../../console/kit/CountPanel';
import { CursorPagination } from '../../console/kit/CursorPagination';
import { FilterForm } from '../../console/kit/FilterForm';
import { LabTime } from '../../console/kit/LabTime';
import { StackTable } from '../../console/kit/StackTable';
import { TextField } from '../../console/kit/TextField';
import { countLabel } from '../../db/boundedCount';
import type { ListedSubscriber } from '../subscriberList';

interface SubscribersPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** A page of the confirmed ones, how many match in all, the search and the links either side (decision 084). */
  confirmed: ListedSubscriber[];
  total: number;
  search: string;
  pages: { previousHref: string | null; nextHref: string | null };
  /** The newest pending sign-ups, and how many in all (bounded: decision 095). */
  pending: { subscribers: ListedSubscriber[]; total: number };
  removed?: string;
}

/** The cells every row of both lists starts with: the address, when it signed up, and whether it takes mail. */
function AddressCells({ subscriber }: { subscriber: ListedSubscriber }) {
  const { bounce } = subscriber;
  return (
    <>
      <td data-label="E-mail">{subscriber.email}</td>
      <td data-label="Signed up">
        <LabTime iso={subscriber.createdAt} />
      </td>
      <td data-label="State">
        {bounce ? (
          <>
            <span className="staff-badge staff-badge--bounced">Bounced</span> <LabTime iso={bounce.at} />
            {bounce.reason && <span className="staff-muted"> {bounce.reason}</span>}
          </>
        ) : (
          'Receiving'
        )}
      </td>
    </>
  );
}

/** The newsletter list: confirmed addresses with their consent time, pending ones apart. */
export function SubscribersPage({
  assets,
  user,
  confirmed,
  total,
  search,
  pages,
  pending,
  removed,
}: SubscribersPageProps) {
  return (
    <ConsoleDocument title="Subscribers" assets={assets} user={user} section="subscribers">
      <ConsoleHeading eyebrow="Newsletter" title="Subscribers">
        <p className="staff-muted">
          Addresses that confirmed their sign-up. Removing one unsubscribes it: its consent stays on record. A bounced
          address was refused for good by the mail server: it gets no more e-mail.
        </p>
      </ConsoleHeading>
      {removed && <Notice tone="success">{removed} is unsubscribed.</Notice>}
      <FilterForm
        action="/staff/subscribers"
        label="Search subscribers"
        search
        submit="Search"
        clearHref={search ? '/staff/subscribers' : undefined}
      >
        <TextField id="subscriber-search" name="q" label="Address contains" value={search} maxLength={254} />
      </FilterForm>
      <CountPanel
        id="confirmed-title"
        title="Confirmed"
        count={countLabel(total)}
        action={
          <a className="button button--secondary" href="/staff/subscribers.csv">
            Export CSV
          </a>
        }
      >
        {confirmed.length === 0 ? (
          <p className="staff-muted">{search ? 'No confirmed subscriber matches.' : 'No confirmed subscribers yet.'}</p>
        ) : (
          <StackTable
            labelledBy="confirmed-title"
            columns={['E-mail', 'Signed up', 'State', 'Consent given', <span className="visually-hidden">Remove</span>]}
          >
            {confirmed.map((subscriber) => (
              <tr key={subscriber.id}>
                <AddressCells subscriber={subscriber} />
                <td data-label="Consent given">
                  <LabTime iso={subscriber.confirmedAt!} />
                </td>
                <td className="staff-table__action">
                  <form method="post" action={`/staff/subscribers/${subscriber.id}/remove`}>
                    <CsrfField user={user} />
                    <button
                      className="staff-button staff-button--danger"
                      type="submit"
                      aria-label={`Remove ${subscriber.email}`}
                    >
                      Remove
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </StackTable>
        )}
        <CursorPagination label="Pages of subscribers" {...pages} />
      </CountPanel>
      <CountPanel id="pending-title" title="Pending" count={countLabel(pending.total)}>
        <p className="staff-muted">Signed up, confirmation link not opened yet: they get no newsletter.</p>
        {pending.total > pending.subscribers.length && (
          <p className="staff-muted">The newest {pending.subscribers.length} are shown.</p>
        )}
        {pending.subscribers.length > 0 && (
          <StackTable labelledBy="pending-title" columns={['E-mail', 'Signed up', 'State']}>
            {pending.subscribers.map((subscriber) => (
              <tr key={subscriber.id}>
                <AddressCells subscriber={subscriber} />
              </tr>
            ))}
          </StackTable>
        )}
      </CountPanel>
    </ConsoleDocument>
  );
}
