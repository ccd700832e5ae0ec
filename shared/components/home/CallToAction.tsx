import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { homeCallToAction } from '../../content/home';
import { CtaPanel } from '../CtaPanel';

/** The closing invitation: a dark panel that echoes the hero. */
export function CallToAction() {
  const [primary, secondary] = homeCallToAction.actions;
  return (
    <CtaPanel
      id="get-started-title"
      className="home-cta"
      eyebrow={homeCallToAction.eyebrow}
      title={homeCallToAction.title}
      text={homeCallToAction.intro}
    >
      {primary ? (
        <Link to={primary.to} className="button button--primary">
          {primary.label}
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
      ) : null}
      {secondary ? (
        <Link to={secondary.to} className="button button--ghost">
          {secondary.label}
        </Link>
      ) : null}
    </CtaPanel>
  );
}
