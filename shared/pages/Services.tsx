import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';

export default function Services() {
  return (
    <PageHero
      eyebrow="Services & pricing"
      title="Our Services"
      intro="Four monthly plans for custom websites, AI voice agents and ads-based marketing, or all of them together."
    >
      <Link to="/contact" className="button button--primary">
        Get Free Quote
      </Link>
    </PageHero>
  );
}
