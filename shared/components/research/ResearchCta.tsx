import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';

import { links, siteFacts } from '../../content/data';
import { CtaPanel } from '../CtaPanel';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/** The closing call to action: start a collaboration or write to the research team. */
export function ResearchCta() {
  const { catalogue, localize } = useLocale();
  const cta = catalogue.research.cta;
  return (
    <CtaPanel
      id="research-cta-title"
      className="research-cta"
      title={cta.title}
      text={cta.text}
      meta={siteFacts.researchEmail}
    >
      <Link to={localize(links.contact)} className="button button--primary">
        {cta.startAction}
        <Icon icon={ArrowRight} aria-hidden="true" size={18} />
      </Link>
      <a href={`mailto:${siteFacts.researchEmail}`} className="button button--ghost">
        <Icon icon={Mail} aria-hidden="true" size={18} />
        {cta.emailAction}
      </a>
    </CtaPanel>
  );
}
