import { Link } from 'react-router';

export default function Home() {
  return (
    <section className="page-hero page-hero--home" aria-labelledby="page-title">
      <div className="container page-hero__inner">
        <p className="eyebrow eyebrow--light">Web development lab · Miami · Bogota · New York</p>
        <h1 id="page-title" className="page-hero__title">
          Transforming Digital Experiences
        </h1>
        <p className="page-hero__intro">
          Custom websites, AI voice systems and digital marketing, built and run for you every month.
        </p>
        <div className="page-hero__actions">
          <Link to="/services" className="button button--primary">
            View Our Services
          </Link>
          <Link to="/contact" className="button button--ghost">
            Start Your Project
          </Link>
        </div>
      </div>
    </section>
  );
}
