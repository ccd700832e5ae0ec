import { Link } from 'react-router';

export default function NotFound() {
  return (
    <section className="error-page container" aria-labelledby="page-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="page-title">Page not found</h1>
      <p className="error-page__text">The page you were looking for does not exist or has moved.</p>
      <div className="error-page__actions">
        <Link to="/" className="button button--primary">
          Back to home
        </Link>
        <Link to="/contact" className="button button--secondary">
          Contact us
        </Link>
      </div>
    </section>
  );
}
