import type { ReactNode } from 'react';

import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, CsrfField } from '../../console/kit/ConsoleDocument';
import { SelectField } from '../../console/kit/SelectField';
import type { CallTaker } from '../people';
import type { Slot } from '../slots';
import type { Booking } from '../store';
import type { Outcome } from './calls';
import { OUTCOMES } from './calls';
import { callWhen } from './callTimes';

/** One fact of the call: a term and its value in the console's field list. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-fields__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the page says above the call: what was just done, or why a post changed nothing. */
export type CallNotice = 'cancelled' | 'moved' | 'marked' | 'stale' | 'taken' | 'no-time' | 'no-outcome';

const NOTICES: Record<CallNotice, { text: string; alert: boolean }> = {
  cancelled: { text: 'Cancelled: the visitor and the person got the cancellation.', alert: false },
  moved: { text: 'Moved: the visitor and the person got the updated invitation.', alert: false },
  marked: { text: 'Marked.', alert: false },
  stale: {
    text: 'Nothing was done: someone else changed this call meanwhile (cancelled, moved or marked it). Here it is as it is now.',
    alert: true,
  },
  taken: { text: 'Nothing was done: that time was just taken. Choose another.', alert: true },
  'no-time': { text: 'Choose a time to move the call to.', alert: true },
  'no-outcome': { text: 'Choose held or no-show.', alert: true },
};

interface CallPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  booking: Booking;
  person: CallTaker | undefined;
  zone: string;
  outcome: { outcome: Outcome; by: string } | undefined;
  /** The person's free times a move may choose, in the next two weeks. */
  free: readonly Slot[];
  now: number;
  notice?: CallNotice;
  /** The time a refused move had chosen, kept. */
  chosen: string;
}

/** One call: who, when in the viewer's zone and the visitor's, and what may be done with it now (decision 087). */
export function CallPage({ assets, user, booking, person, zone, outcome, free, now, notice, chosen }: CallPageProps) {
  const start = Date.parse(booking.startAt);
  const confirmed = booking.status === 'confirmed';
  const said = notice && NOTICES[notice];
  const version = <input type="hidden" name="sequence" value={booking.sequence} />;
  return (
    <ConsoleDocument title="Call" assets={assets} user={user} section="calls">
      <div className="container staff-section">
        <p>
          <a className="staff-link" href="/staff/calls">
            All calls
          </a>
        </p>
        <h1>
          Intro call with {booking.name}
          {booking.company ? `, ${booking.company}` : ''}
        </h1>
        {said ? <p role={said.alert ? 'alert' : 'status'}>{said.text}</p> : null}
        <section className="staff-panel card" aria-labelledby="call-details">
          <h2 id="call-details">The call</h2>
          <dl className="staff-fields">
            <Item label="When (your zone)">
              <time dateTime={booking.startAt}>{callWhen(start, zone)}</time>
            </Item>
            <Item label="When (the visitor’s zone)">{callWhen(start, booking.timeZone)}</Item>
            <Item label="Status">
              {confirmed ? 'Booked' : 'Cancelled'}
              {outcome ? `, ${OUTCOMES[outcome.outcome].toLowerCase()} (marked by ${outcome.by})` : ''}
            </Item>
            <Item label="Person">{person?.name ?? booking.personEmail}</Item>
            <Item label="Office">{booking.office}</Item>
            <Item label="Language of the call">{booking.locale === 'es' ? 'Spanish' : 'English'}</Item>
            <Item label="Visitor">
              {booking.name}, <a href={`mailto:${booking.email}`}>{booking.email}</a>
              {booking.phone ? `, ${booking.phone}` : ''}
            </Item>
            {booking.message ? <Item label="Message">{booking.message}</Item> : null}
            {booking.leadId ? (
              <Item label="Lead">
                <a className="staff-link" href={`/staff/leads/${booking.leadId}`}>
                  Lead #{booking.leadId}
                </a>
              </Item>
            ) : null}
          </dl>
        </section>
        {confirmed && start <= now && !outcome ? (
          <form method="post" action={`/staff/calls/${booking.id}/outcome`} className="staff-panel card staff-form">
            <CsrfField user={user} />
            {version}
            <fieldset className="staff-fieldset">
              <legend>How did it go?</legend>
              {Object.entries(OUTCOMES).map(([value, label]) => (
                <p key={value}>
                  <label>
                    <input type="radio" name="outcome" value={value} required /> {label}
                  </label>
                </p>
              ))}
            </fieldset>
            <p>A no-show sends the visitor one e-mail, in their language, inviting them to book again.</p>
            <button className="button button--primary" type="submit">
              Mark
            </button>
          </form>
        ) : null}
        {confirmed && start > now ? (
          <>
            <form method="post" action={`/staff/calls/${booking.id}/move`} className="staff-panel card staff-form">
              <CsrfField user={user} />
              {version}
              <h2>Move it</h2>
              {free.length === 0 ? (
                <p>{person?.name ?? 'The person'} has no other free time in the next two weeks.</p>
              ) : (
                <>
                  <SelectField
                    id="call-slot"
                    name="slot"
                    label="New time (your zone)"
                    value={chosen}
                    options={free.map((slot) => [String(slot.start), callWhen(slot.start, zone)] as const)}
                  />
                  <button className="button button--primary" type="submit">
                    Move and tell the visitor
                  </button>
                </>
              )}
            </form>
            <form method="post" action={`/staff/calls/${booking.id}/cancel`} className="staff-panel card staff-form">
              <CsrfField user={user} />
              {version}
              <h2>Cancel it</h2>
              <p>The visitor and the person get the calendar’s cancellation.</p>
              <button className="button button--secondary" type="submit">
                Cancel the call
              </button>
            </form>
          </>
        ) : null}
      </div>
    </ConsoleDocument>
  );
}
