import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';

import { BOOK_PATH } from '../../content/bookingFacts';
import { links, siteFacts, telHref } from '../../content/data';
import { CtaPanel } from '../CtaPanel';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { PhoneNumber } from '../PhoneNumber';
import { useLocale } from '../useLocale';

/** The closing call to action: a free quote, or a phone call once the lab's number is real; and a booked call (decision 082). */
export function ServicesCta() {
  const { catalogue, localize } = useLocale();
  const cta = catalogue.services.cta;
  return (
    <CtaPanel
      id="services-cta-title"
      className="services-cta"
      title={cta.title}
      text={cta.text}
      meta={
        <>
          <span>
            <PhoneNumber phone={siteFacts.phone} />
          </span>{' '}
          <span>{cta.hours}</span> <Link to={localize(BOOK_PATH)}>{cta.bookCall}</Link>
        </>
      }
    >
      <Link to={localize(links.contact)} className="button button--primary">
        {cta.quoteAction}
        <Icon icon={ArrowRight} aria-hidden="true" size={18} />
      </Link>
      {siteFacts.phone.placeholder ? null : (
        <a href={telHref(siteFacts.phone)} className="button button--ghost">
          <Icon icon={Phone} aria-hidden="true" size={18} />
          {cta.callAction}
        </a>
      )}
    </CtaPanel>
  );
}
