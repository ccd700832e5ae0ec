import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { CountPanel } from '../../console/kit/CountPanel';
import { LabTime } from '../../console/kit/LabTime';
import { StackTable } from '../../console/kit/StackTable';
import type { FailedMessage } from '../../outbox/failed';

interface OutboxPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The failed messages the person's role handles, newest first (a page of them). */
  messages: readonly FailedMessage[];
  total: number;
  notice?: { tone: 'success' | 'error'; text: string };
}

/** One of a failed message's two buttons: a plain form post, working without script. */
function ActionForm({
  user,
  message,
  action,
}: {
  user: ConsoleUser;
  message: FailedMessage;
  action: 'retry' | 'drop';
}) {
  const label = action === 'retry' ? 'Retry' : 'Drop';
  return (
    <form method="post" action={`/staff/outbox/${message.id}/${action}`}>
      <CsrfField user={user} />
      <button
        className={`staff-button${action === 'drop' ? ' staff-button--danger' : ''}`}
        type="submit"
        aria-label={`${label} message ${message.id} to ${message.recipient ?? 'the webhook'}`}
      >
        {label}
      </button>
    </form>
  );
}

/** The outbox's failed messages: who each was for, its kind, its attempts and why the last one failed. */
export function OutboxPage({ assets, user, messages, total, notice }: OutboxPageProps) {
  return (
    <ConsoleDocument title="Outbox" assets={assets} user={user} section="outbox">
      <ConsoleHeading eyebrow="Outgoing mail" title="Failed messages">
        <p className="staff-muted">
          Messages the site gave up sending. Once the mail server or the webhook works again, retry them; drop what
          should not go out. An address refused for good is a bounce, not a failure: it is on the subscriber’s row.
        </p>
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <CountPanel id="failed-title" title="Failed" count={total}>
        {messages.length === 0 ? (
          <p className="staff-muted">No failed messages.</p>
        ) : (
          <>
            {total > messages.length && <p className="staff-muted">The newest {messages.length} are listed.</p>}
            <StackTable
              labelledBy="failed-title"
              columns={[
                'To',
                'Kind',
                'Attempts',
                'Last tried',
                'Last error',
                <span className="visually-hidden">Actions</span>,
              ]}
            >
              {messages.map((message) => (
                <tr key={message.id}>
                  <td data-label="To">{message.recipient ?? 'the webhook'}</td>
                  <td data-label="Kind">{message.kind}</td>
                  <td data-label="Attempts">{message.attempts}</td>
                  <td data-label="Last tried">
                    <LabTime iso={message.attemptedAt ?? message.createdAt} />
                  </td>
                  <td data-label="Last error">{message.lastError ?? ''}</td>
                  <td className="staff-table__action">
                    <ActionForm user={user} message={message} action="retry" />
                    <ActionForm user={user} message={message} action="drop" />
                  </td>
                </tr>
              ))}
            </StackTable>
          </>
        )}
      </CountPanel>
    </ConsoleDocument>
  );
}
