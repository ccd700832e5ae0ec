import { Link } from 'react-router';
import { PageHero } from '../components/PageHero';

export default function Research() {
  return (
    <PageHero
      eyebrow="Research"
      title="Research & Innovation"
      intro="From drug discovery to diagnostic technologies, our research teams turn scientific questions into working solutions."
    >
      <Link to="/contact" className="button button--primary">
        Collaborate With Us
      </Link>
      <Link to="/blog" className="button button--ghost">
        Read Our Blog
      </Link>
    </PageHero>
  );
}
