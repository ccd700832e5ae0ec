import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';

import { CtaPanel } from '../CtaPanel';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

/** The closing invitation: a dark panel that echoes the hero. */
export function CallToAction() {
  const { catalogue, localize } = useLocale();
  const homeCallToAction = catalogue.home.callToAction;
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
        <Link to={localize(primary.to)} className="button button--primary">
          {primary.label}
          <Icon icon={ArrowRight} size={18} aria-hidden="true" />
        </Link>
      ) : null}
      {secondary ? (
        <Link to={localize(secondary.to)} className="button button--ghost">
          {secondary.label}
        </Link>
      ) : null}
    </CtaPanel>
  );
}
