import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { site } from '../../content/site';

/** The closing call to action: start a collaboration or write to the research team. */
export function ResearchCta() {
  return (
    <section className="section research-cta" aria-labelledby="research-cta-title">
      <div className="container">
        <div className="research-cta__panel">
          <h2 id="research-cta-title" className="research-cta__title">
            Let&rsquo;s advance science together
          </h2>
          <p className="research-cta__text">
            Have a research question, a dataset or a program in mind? Our teams would like to hear about it.
          </p>
          <div className="research-cta__actions">
            <Link to="/contact" className="button button--primary">
              Start Collaboration
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <a href={`mailto:${site.researchEmail}`} className="button button--ghost">
              <Mail aria-hidden="true" size={18} />
              Email Research Team
            </a>
          </div>
          <p className="research-cta__meta">{site.researchEmail}</p>
        </div>
      </div>
    </section>
  );
}
