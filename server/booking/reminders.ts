/**
 * A booked call's reminders, 24 hours and 1 hour before, through the outbox (decision 087). Each is queued with
 * the invitation's version, due at its time, and holds only the booking's id: it is written when it is sent, from
 * the booking as it is then. A version moved or cancelled since, a booking erased, or a time already past is
 * skipped for good; the move queued its own. The outbox's dedupe key makes each once-only, its lease keeps two
 * instances from both sending it, and the queue outlives a restart.
 */
import { BOOK_PATH } from '../../shared/content/bookingFacts';
import { callTime } from '../../shared/lib/callTime';
import { localizePath } from '../../shared/routes';
import type { Database, Queryable } from '../db';
import { headerText } from '../outbox/headerText';
import type { OutboxKind } from '../outbox/kinds';
import type { OutboxStore } from '../outbox/store';
import type { KindHooks } from '../outbox/worker';
import { storedSigner } from './links';
import { callTakers } from './people';
import { reminderWords } from './reminderTexts';
import { readSettings } from './settings';
import type { Booking } from './store';
import { bookingIn } from './store';

const reminderMail = { name: 'booking-reminder', channel: 'mail' } as const satisfies OutboxKind;
export const reminderKinds: readonly OutboxKind[] = [reminderMail];

const HOUR = 3_600_000;
/** How long before the call each reminder goes, and until when it may still go: the next one's time, or the call. */
const REMINDERS = {
  day: { before: 24 * HOUR, lastAt: HOUR },
  hour: { before: HOUR, lastAt: 0 },
} as const;
type Which = keyof typeof REMINDERS;

interface ReminderBody {
  booking: number;
  sequence: number;
  which: Which;
}

/**
 * Queues the reminders of a booking's version in `tx`; one whose time has passed already (a call booked 5 hours
 * ahead has no 24-hour reminder) is not queued.
 */
export async function queueReminders(tx: Queryable, outbox: OutboxStore, booking: Booking, now: number) {
  const start = Date.parse(booking.startAt);
  for (const which of Object.keys(REMINDERS) as Which[]) {
    const due = start - REMINDERS[which].before;
    if (due <= now) continue;
    const body: ReminderBody = { booking: booking.id, sequence: booking.sequence, which };
    await outbox.enqueue(
      {
        kind: reminderMail.name,
        leadId: booking.leadId ?? undefined,
        dedupeKey: `booking-reminder:${booking.id}:${booking.sequence}:${which}`,
        body,
      },
      new Date(due),
      tx,
    );
  }
}

/** Why a reminder must not go now, or nothing when it may. */
function skipReason(booking: Booking | undefined, body: ReminderBody, now: number): string | undefined {
  if (!booking) return 'the booking was erased';
  if (booking.status !== 'confirmed') return 'the call was cancelled';
  if (booking.sequence !== body.sequence) return 'the call moved: its new time has its own reminders';
  if (now >= Date.parse(booking.startAt) - REMINDERS[body.which].lastAt) return 'too late for this reminder';
  return undefined;
}

/** Writes each reminder at its turn, in the visitor's language, with the meeting link and the manage link. */
export function reminderHooks(db: Database, siteUrl: string): Record<string, KindHooks> {
  return {
    [reminderMail.name]: {
      async compose(message) {
        const body = ('body' in message.payload ? message.payload.body : null) as ReminderBody | null;
        if (!body) return { skip: 'not a reminder' };
        const booking = await bookingIn(db, body.booking);
        const reason = skipReason(booking, body, Date.now());
        if (reason || !booking) return { skip: reason ?? 'the booking was erased' };
        const person = (await callTakers(db)).find((taker) => taker.id === booking.personId);
        const { meetingUrl } = await readSettings(db);
        const token = (await storedSigner(db)).sign(booking.id, booking.sequence);
        const words = reminderWords[booking.locale];
        const when = callTime(Date.parse(booking.startAt), booking.locale, booking.timeZone);
        const mail = {
          to: booking.email,
          subject: words.subject[body.which](when),
          text: words.text({
            name: headerText(booking.name),
            when,
            zone: booking.timeZone,
            person: person?.name ?? '',
            link: meetingUrl,
            manage: `${siteUrl}${localizePath(BOOK_PATH, booking.locale)}?manage=${token}`,
          }),
        };
        return { ...message, payload: { mail } };
      },
    },
  };
}
