import ArrowRight from 'lucide-react/icons/arrow-right';
import Mail from 'lucide-react/icons/mail';
import { Link } from 'react-router';
import { site } from '../../content/site';
import { CtaPanel } from '../CtaPanel';

/** The closing call to action: start a collaboration or write to the research team. */
export function ResearchCta() {
  return (
    <CtaPanel
      id="research-cta-title"
      className="research-cta"
      title="Let’s advance science together"
      text="Have a research question, a dataset or a program in mind? Our teams would like to hear about it."
      meta={site.researchEmail}
    >
      <Link to="/contact" className="button button--primary">
        Start Collaboration
        <ArrowRight aria-hidden="true" size={18} />
      </Link>
      <a href={`mailto:${site.researchEmail}`} className="button button--ghost">
        <Mail aria-hidden="true" size={18} />
        Email Research Team
      </a>
    </CtaPanel>
  );
}
