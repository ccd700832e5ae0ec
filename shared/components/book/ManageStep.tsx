import { BOOK_PATH } from '../../content/bookingFacts';
import { callTime } from '../../lib/callTime';
import { useLocale } from '../useLocale';
import { SlotList } from './SlotList';
import type { BookingView } from './view';

type ManageView = Extract<BookingView, { step: 'manage' }>;
type StaleView = Extract<BookingView, { step: 'stale' }>;

/** A manage link's page: the call's time, a move to another free time and a cancel, each a plain POST with the link's token. */
export function ManageStep({ view }: { view: ManageView }) {
  const { catalogue, locale, localize } = useLocale();
  const { manage, done, slots: slotCopy } = catalogue.book;
  const when = callTime(view.start, locale, view.zone);
  const action = localize(BOOK_PATH);
  const notice =
    view.notice === 'booked'
      ? done.text(when, view.email)
      : view.notice === 'moved'
        ? manage.moved(when)
        : view.notice === 'taken'
          ? slotCopy.taken
          : manage.when(when);
  return (
    <div className="book-card book-manage">
      <h2 className="book-card__title">{view.notice === 'booked' ? done.title : manage.title}</h2>
      <p role="status" className="book-card__lead">
        {notice}
      </p>
      <form method="post" action={action} className="book-manage__part">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="do" value="cancel" />
        <p className="book-card__note">{manage.cancelNote}</p>
        <button type="submit" className="button button--secondary">
          {manage.cancel}
        </button>
      </form>
      {view.slots.length > 0 ? (
        <form method="post" action={action} className="book-manage__part">
          <input type="hidden" name="token" value={view.token} />
          <input type="hidden" name="do" value="move" />
          <h3 className="book-card__subtitle">{manage.move}</h3>
          <SlotList slots={view.slots} zone={view.zone} />
          <button type="submit" className="button button--primary">
            {manage.moveSubmit}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** An old, cancelled or broken link: says so, changes nothing, and offers to book again. */
export function StaleStep({ view }: { view: StaleView }) {
  const { catalogue, localize } = useLocale();
  const { stale, manage } = catalogue.book;
  const copy = stale[view.reason];
  return (
    <div className="book-card book-stale">
      <h2 className="book-card__title">{view.justCancelled ? manage.cancelled : copy.title}</h2>
      {view.justCancelled ? null : <p className="book-card__lead">{copy.text}</p>}
      <a className="button button--primary" href={localize(BOOK_PATH)}>
        {stale.again}
      </a>
    </div>
  );
}
