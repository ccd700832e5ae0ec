/**
 * Booking as the pages and the API use it (decision 082): free slots, a booking with its lead and invitations in
 * one transaction, and a manage link's cancel and move, each sending the invitation's next version.
 */
import { BOOK_PATH } from '../../shared/content/bookingFacts';
import type { City } from '../../shared/content/data';
import { siteFacts } from '../../shared/content/data';
import { localizePath } from '../../shared/routes';
import type { Database, Queryable } from '../db';
import type { OutboxStore } from '../outbox/store';
import { CALL_STEP, clearCallStep } from './leadStep';
import type { LinkSigner } from './links';
import { storedSigner } from './links';
import { lockBookings } from './lock';
import type { BookingChange } from './messages';
import { bookingMessages } from './messages';
import type { CallTaker } from './people';
import { callTakers } from './people';
import { queueReminders } from './reminders';
import { readSettings } from './settings';
import type { Slot } from './slots';
import type { Booking, BookingRequest } from './store';
import { book, bookingIn, cancelIn, isOverlap, rescheduleIn, setLead, slotsFor } from './store';

/** What the leads feature does for a booking, in its transaction (its front door's `booked`). */
export interface BookingLeads {
  bookedIn(
    tx: Queryable,
    booking: {
      values: {
        name: string;
        email: string;
        company: string;
        phone: string;
        service: string;
        message: string;
        heard: string;
        heardtext: string;
        locale: Booking['locale'];
        attribution: string;
        source: string;
        campaign: string;
      };
      page: string;
      owner: { email: string; name: string };
      step: string;
      at: Date;
      receivedAt: Date;
    },
    client: { address: string; userAgent: string },
  ): Promise<number>;
  committed(): void;
  /** A lead as the contact form stores it: a held booking whose time was gone when it was let through. */
  add(values: Parameters<BookingLeads['bookedIn']>[1]['values'], client: Visit['client']): Promise<number>;
  returningOwner(tx: Queryable, email: string): Promise<string | undefined>;
}

export interface Visit {
  client: { address: string; userAgent: string };
  attribution: { attribution: string; source: string; campaign: string };
  /** Where it was booked, for the lead's consent channel: the booking page of its language by default. */
  page?: string;
}

export type Opened = { booking: Booking; token: string } | { stale: 'cancelled' | 'moved' | 'invalid' };

export interface BookingService {
  slots(query: { from: number; to: number; language: string; office?: City }, now?: number): Promise<Slot[]>;
  book(
    request: BookingRequest,
    visit: Visit,
    now?: number,
  ): Promise<{ booking: Booking; token: string } | { taken: true }>;
  open(token: string): Promise<Opened>;
  /** `cancelled` when this call cancelled it; else why the link no longer acts. */
  cancel(token: string, now?: number): Promise<Opened | { cancelled: true }>;
  move(token: string, start: number, now?: number): Promise<Opened | { taken: true }>;
  /** The people who take calls, by id (the slots' office zones). */
  people(): Promise<CallTaker[]>;
}

interface ServiceOptions {
  db: Database;
  outbox: OutboxStore;
  wakeOutbox: () => void;
  siteUrl: string;
  leads: BookingLeads;
}

export function bookingService({ db, outbox, wakeOutbox, siteUrl, leads }: ServiceOptions): BookingService {
  let signer: LinkSigner | undefined;
  const signerOf = async (q: Queryable) => (signer ??= await storedSigner(q));

  /** Queues a change's e-mails in `tx`, with the link the visitor's carries. */
  async function tell(
    tx: Queryable,
    booking: Booking,
    change: BookingChange,
    people: readonly CallTaker[],
    now: number,
  ) {
    const taker = people.find((person) => person.id === booking.personId) ?? {
      name: booking.personEmail,
      email: booking.personEmail,
      timeZone: 'UTC',
    };
    const token = change === 'cancelled' ? undefined : (await signerOf(tx)).sign(booking.id, booking.sequence);
    const { meetingUrl } = await readSettings(tx);
    const context = { siteUrl, organizer: siteFacts.email, meetingUrl, token };
    for (const message of bookingMessages(booking, taker, change, context, new Date(now)))
      await outbox.enqueue(message, new Date(now), tx);
    // Each version of a call to come has its reminders (decision 087); a cancel's are skipped when due.
    if (change !== 'cancelled') await queueReminders(tx, outbox, booking, now);
    return token;
  }

  /** The booking a token names, as the link was sent; or why the link no longer acts. */
  async function opened(q: Queryable, token: string): Promise<Opened> {
    const named = (await signerOf(q)).read(token);
    const booking = named && (await bookingIn(q, named.id));
    if (!named || !booking) return { stale: 'invalid' };
    if (booking.status === 'cancelled') return { stale: 'cancelled' };
    if (booking.sequence !== named.sequence) return { stale: 'moved' };
    return { booking, token };
  }

  return {
    async slots(query, now = Date.now()) {
      return slotsFor(db, await callTakers(db), await readSettings(db), { ...query, now });
    },
    async book(request, visit, now = Date.now()) {
      const [people, settings] = [await callTakers(db), await readSettings(db)];
      let token = '';
      const outcome = await book(db, {
        people,
        settings,
        request,
        now,
        returningOwner: leads.returningOwner,
        along: async (tx, booking, taker) => {
          const leadId = await leads.bookedIn(
            tx,
            {
              values: {
                ...{ name: request.name, email: request.email, company: request.company, phone: request.phone },
                ...{ service: request.topic === 'other' ? 'consultation' : request.topic, message: request.message },
                ...{ heard: '', heardtext: '', locale: request.language, ...visit.attribution },
              },
              page: visit.page ?? localizePath(BOOK_PATH, request.language),
              owner: { email: taker.email, name: taker.name },
              step: CALL_STEP,
              at: new Date(booking.startAt),
              receivedAt: new Date(now),
            },
            visit.client,
          );
          await setLead(tx, booking.id, leadId);
          token = (await tell(tx, { ...booking, leadId }, 'booked', people, now))!;
        },
      });
      if ('taken' in outcome) return outcome;
      leads.committed();
      wakeOutbox();
      return { booking: outcome.booked, token };
    },
    open: (token) => opened(db, token),
    async cancel(token, now = Date.now()) {
      const people = await callTakers(db);
      const result = await db.transaction(async (tx): Promise<Opened | { cancelled: true }> => {
        const found = await opened(tx, token);
        if ('stale' in found) return found;
        if (!(await cancelIn(tx, found.booking.id, found.booking.sequence, now))) return { stale: 'moved' };
        const cancelled = (await bookingIn(tx, found.booking.id))!;
        await clearCallStep(tx, cancelled);
        await tell(tx, cancelled, 'cancelled', people, now);
        return { cancelled: true };
      });
      wakeOutbox();
      return result;
    },
    async move(token, start, now = Date.now()) {
      const [people, settings] = [await callTakers(db), await readSettings(db)];
      const result = await db
        .transaction(async (tx): Promise<Opened | { taken: true }> => {
          await lockBookings(db, tx);
          const found = await opened(tx, token);
          if ('stale' in found) return found;
          const outcome = await rescheduleIn(tx, { booking: found.booking, start, people, settings, now });
          if (outcome === 'stale') return { stale: 'moved' };
          if (outcome === 'taken') return { taken: true };
          const moved = (await bookingIn(tx, found.booking.id))!;
          await tx.run(
            'UPDATE leads SET next_step_due_at = ? WHERE id = ? AND next_step = ?',
            moved.startAt,
            moved.leadId,
            CALL_STEP,
          );
          return { booking: moved, token: (await tell(tx, moved, 'moved', people, now))! };
        })
        // Another booking took the time between the check and the write: the database refused the overlap.
        .catch((error: unknown) => {
          if (isOverlap(error)) return { taken: true } as const;
          throw error;
        });
      wakeOutbox();
      return result;
    },
    people: () => callTakers(db),
  };
}
