import { ArrowRight, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { site, telHref } from '../../content/site';

/** The closing call to action: a free quote or a phone call. */
export function ServicesCta() {
  return (
    <section className="section services-cta" aria-labelledby="services-cta-title">
      <div className="container">
        <div className="services-cta__panel">
          <h2 id="services-cta-title" className="services-cta__title">
            Ready to transform your digital presence?
          </h2>
          <p className="services-cta__text">
            Tell us about your project and receive a free, no-obligation quote within 24 hours.
          </p>
          <div className="services-cta__actions">
            <Link to="/contact" className="button button--primary">
              Get Free Quote
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <a href={telHref(site.phone)} className="button button--ghost">
              <Phone aria-hidden="true" size={18} />
              Call Us Now
            </a>
          </div>
          <p className="services-cta__meta">
            <span>{site.phone}</span> <span>{site.hours}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
