import { useContext } from 'react';

import { ChooseStep } from '../components/book/ChooseStep';
import { ManageStep, StaleStep } from '../components/book/ManageStep';
import { SlotsStep } from '../components/book/SlotsStep';
import { BookingViewContext } from '../components/book/view';
import { PageHero } from '../components/PageHero';
import { useLocale } from '../components/useLocale';

/**
 * Booking an intro call (decision 082): the first step is this page as kept; the free times, the details and the
 * manage links' pages are the server's answers for one request, which it renders into this page (no script).
 */
export default function Book() {
  const view = useContext(BookingViewContext);
  const { book } = useLocale().catalogue;
  return (
    <>
      <PageHero eyebrow={book.eyebrow} title={book.title} intro={book.intro} />
      <div className="book">
        <div className="container book__body">
          {!view ? <ChooseStep /> : null}
          {view?.step === 'slots' ? <SlotsStep view={view} /> : null}
          {view?.step === 'manage' ? <ManageStep view={view} /> : null}
          {view?.step === 'stale' ? <StaleStep view={view} /> : null}
        </div>
      </div>
    </>
  );
}
