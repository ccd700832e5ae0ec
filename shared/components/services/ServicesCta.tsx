import ArrowRight from 'lucide-react/icons/arrow-right';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router';
import { telHref } from '../../content/data';
import { site } from '../../content/site';
import { CtaPanel } from '../CtaPanel';

/** The closing call to action: a free quote or a phone call. */
export function ServicesCta() {
  return (
    <CtaPanel
      id="services-cta-title"
      className="services-cta"
      title="Ready to transform your digital presence?"
      text={`Tell us about your project and receive a free, no-obligation quote within ${site.responseTimes.quote}.`}
      meta={
        <>
          <span>{site.phone}</span> <span>{site.hours}</span>
        </>
      }
    >
      <Link to="/contact" className="button button--primary">
        Get Free Quote
        <ArrowRight aria-hidden="true" size={18} />
      </Link>
      <a href={telHref(site.phone)} className="button button--ghost">
        <Phone aria-hidden="true" size={18} />
        Call Us Now
      </a>
    </CtaPanel>
  );
}
