import CalendarClock from 'lucide/dist/esm/icons/calendar-clock.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';

import { BOOK_PATH } from '../../content/bookingFacts';
import { siteFacts, telHref } from '../../content/data';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { PageHero } from '../PageHero';
import { useLocale } from '../useLocale';

/**
 * The contact page's opening: its h1, the lab's e-mail address and phone number as links, and a booked call. A stand-in
 * number is left out here: the departments below show it, marked as an example.
 */
export function ContactHero() {
  const { catalogue, localize } = useLocale();
  const { hero } = catalogue.contactInfo;
  return (
    <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
      <a href={`mailto:${siteFacts.email}`} className="button button--ghost">
        <Icon icon={Mail} aria-hidden="true" size={18} />
        {siteFacts.email}
      </a>
      <Link to={localize(BOOK_PATH)} className="button button--ghost">
        <Icon icon={CalendarClock} aria-hidden="true" size={18} />
        {hero.bookCall}
      </Link>
      {siteFacts.phone.placeholder ? null : (
        <a href={telHref(siteFacts.phone)} className="button button--ghost">
          <Icon icon={Phone} aria-hidden="true" size={18} />
          {siteFacts.phone.number}
        </a>
      )}
    </PageHero>
  );
}
