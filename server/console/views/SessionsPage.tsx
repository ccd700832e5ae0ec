import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, Notice } from '../kit/ConsoleDocument';
import type { SessionSummary } from '../sessions';
import { SessionTable } from './SessionTable';

interface SessionsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  sessions: readonly SessionSummary[];
  current: string;
  notice?: string;
}

/** The signed-in person's live sessions, each of which they can end. */
export function SessionsPage({ assets, user, sessions, current, notice }: SessionsPageProps) {
  return (
    <ConsoleDocument title="Your sessions" assets={assets} user={user}>
      <ConsoleHeading eyebrow="Your account" title="Your sessions">
        <p className="staff-muted">
          Where you are signed in now. End any you do not recognise, then tell an owner. A session also ends after 30
          minutes without use.
        </p>
      </ConsoleHeading>
      {notice && <Notice tone="success">{notice}</Notice>}
      <h2 className="staff-count" id="sessions-count">
        {sessions.length} live session{sessions.length === 1 ? '' : 's'}
      </h2>
      <SessionTable
        user={user}
        sessions={sessions}
        labelledBy="sessions-count"
        current={current}
        endAction={(id) => `/staff/sessions/${id}/end`}
      />
    </ConsoleDocument>
  );
}
