import type { ListedSubscriber } from '../subscriberList';
import type { ConsoleAssets, ConsoleUser } from './ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from './ConsoleDocument';
import { LabTime } from './LabTime';

interface SubscribersPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  confirmed: ListedSubscriber[];
  pending: ListedSubscriber[];
  removed?: string;
}

/** The newsletter list: confirmed addresses with their consent time, pending ones apart. */
export function SubscribersPage({ assets, user, confirmed, pending, removed }: SubscribersPageProps) {
  return (
    <ConsoleDocument title="Subscribers" assets={assets} user={user} section="subscribers">
      <ConsoleHeading eyebrow="Newsletter" title="Subscribers">
        <p className="staff-muted">
          Addresses that confirmed their sign-up. Removing one unsubscribes it: its consent stays on record.
        </p>
      </ConsoleHeading>
      {removed && <Notice tone="success">{removed} is unsubscribed.</Notice>}
      <section className="staff-panel card" aria-labelledby="confirmed-title">
        <div className="staff-panel__head">
          <h2 id="confirmed-title">
            Confirmed <span className="staff-count-pill">{confirmed.length}</span>
          </h2>
          <a className="button button--secondary" href="/staff/subscribers.csv">
            Export CSV
          </a>
        </div>
        {confirmed.length === 0 ? (
          <p className="staff-muted">No confirmed subscribers yet.</p>
        ) : (
          <table className="staff-table staff-table--stack" aria-labelledby="confirmed-title">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Signed up</th>
                <th scope="col">Consent given</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {confirmed.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td data-label="E-mail">{subscriber.email}</td>
                  <td data-label="Signed up">
                    <LabTime iso={subscriber.createdAt} />
                  </td>
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
            </tbody>
          </table>
        )}
      </section>
      <section className="staff-panel card" aria-labelledby="pending-title">
        <h2 id="pending-title">
          Pending <span className="staff-count-pill">{pending.length}</span>
        </h2>
        <p className="staff-muted">Signed up, confirmation link not opened yet: they get no newsletter.</p>
        {pending.length > 0 && (
          <table className="staff-table staff-table--stack" aria-labelledby="pending-title">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Signed up</th>
              </tr>
            </thead>
            <tbody>
              {pending.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td data-label="E-mail">{subscriber.email}</td>
                  <td data-label="Signed up">
                    <LabTime iso={subscriber.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </ConsoleDocument>
  );
}
