import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { homeCallToAction } from '../../content/home';

/** The closing invitation: a dark panel that echoes the hero. */
export function CallToAction() {
  const [primary, secondary] = homeCallToAction.actions;
  return (
    <section className="section home-cta" aria-labelledby="get-started-title">
      <div className="container">
        <div className="home-cta__panel">
          <p className="eyebrow eyebrow--light">{homeCallToAction.eyebrow}</p>
          <h2 id="get-started-title" className="home-cta__title">
            {homeCallToAction.title}
          </h2>
          <p className="home-cta__intro">{homeCallToAction.intro}</p>
          <div className="home-cta__actions">
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
          </div>
        </div>
      </div>
    </section>
  );
}
