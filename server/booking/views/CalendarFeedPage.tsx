import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, CsrfField, Notice, ProblemsNotice } from '../../console/kit/ConsoleDocument';

interface CalendarFeedPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The feed as shown back: its host and last characters only, never the whole secret URL. */
  feed?: { masked: string; readAt: string | null; problem: string; closed: boolean };
  problems: readonly string[];
  /** A refused address, as its person typed it. */
  typed: string;
  notice: '' | 'saved' | 'removed';
}

/** A person's own calendar feed (decision 088): its busy times block their booking slots. */
export function CalendarFeedPage({ assets, user, feed, problems, typed, notice }: CalendarFeedPageProps) {
  return (
    <ConsoleDocument title="My calendar" assets={assets} user={user} section="calendar">
      <section className="container staff-section" aria-labelledby="calendar-feed">
        <h1 id="calendar-feed">My calendar feed</h1>
        <p>
          Give your calendar’s private ICS address (Google: “Secret address in iCal format”; Outlook: “Publish a
          calendar”, ICS link). Every 5 minutes its busy events close your booking times; events shown as free do not.
          If it cannot be read for 30 minutes, all your booking times close until it can, and you are told.
        </p>
        {notice === 'saved' ? <Notice tone="success">Saved: it is read within 5 minutes.</Notice> : null}
        {notice === 'removed' ? (
          <Notice tone="success">Removed: your calendar no longer closes any time.</Notice>
        ) : null}
        <ProblemsNotice problems={problems} />
        {feed ? (
          <dl>
            <dt>Feed</dt>
            <dd>{feed.masked}</dd>
            <dt>Last read</dt>
            <dd>{feed.readAt ?? 'not yet'}</dd>
            {feed.problem ? (
              <>
                <dt>Problem</dt>
                <dd>
                  {feed.problem}
                  {feed.closed ? ' — your booking times are closed until it is read.' : ''}
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p>No feed yet.</p>
        )}
        <form method="post" action="/staff/calendar" className="staff-form">
          <CsrfField user={user} />
          <label className="staff-field">
            <span>{feed ? 'A new feed address (replaces the one above)' : 'Feed address (https://…)'}</span>
            <input
              className="contact-field__control"
              name="url"
              type="url"
              required
              autoComplete="off"
              defaultValue={typed}
            />
          </label>
          <button className="button button--primary" type="submit">
            Save
          </button>
        </form>
        {feed ? (
          <form method="post" action="/staff/calendar" className="staff-form">
            <CsrfField user={user} />
            <input type="hidden" name="remove" value="1" />
            <button className="button button--secondary" type="submit">
              Remove the feed
            </button>
          </form>
        ) : null}
      </section>
    </ConsoleDocument>
  );
}
