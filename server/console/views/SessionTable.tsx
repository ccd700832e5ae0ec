import { deviceOf } from '../devices';
import type { ConsoleUser } from '../kit/ConsoleDocument';
import { CsrfField } from '../kit/ConsoleDocument';
import { formatLabTime } from '../kit/format';
import { LabTime } from '../kit/LabTime';
import { StackTable } from '../kit/StackTable';
import type { SessionSummary } from '../sessions';

interface SessionTableProps {
  user: ConsoleUser;
  sessions: readonly SessionSummary[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** The session of the page's own request, marked as this one. */
  current?: string;
  /** Where a session's "End" posts. */
  endAction: (id: string) => string;
}

/** Live sessions: device and browser, when signed in, last seen, and a button that ends each one. */
export function SessionTable({ user, sessions, labelledBy, current, endAction }: SessionTableProps) {
  return (
    <StackTable labelledBy={labelledBy} columns={['Device and browser', 'Signed in', 'Last seen', 'End']}>
      {sessions.map((session) => {
        const device = deviceOf(session.userAgent);
        return (
          <tr key={session.id}>
            <td data-label="Device and browser">
              {device}
              {session.id === current && <span className="staff-table__secondary">This session</span>}
            </td>
            <td data-label="Signed in">
              <LabTime iso={session.createdAt} />
            </td>
            <td data-label="Last seen">
              <LabTime iso={session.lastSeenAt} />
            </td>
            <td data-label="End">
              <form method="post" action={endAction(session.id)}>
                <CsrfField user={user} />
                <button
                  className="button button--secondary"
                  type="submit"
                  aria-label={`End the session of ${device}, last seen ${formatLabTime(session.lastSeenAt)}`}
                >
                  End
                </button>
              </form>
            </td>
          </tr>
        );
      })}
    </StackTable>
  );
}
