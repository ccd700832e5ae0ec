import { Link } from '../components/Link';
import { useLocale } from '../components/useLocale';

export default function NotFound() {
  const { catalogue, localize } = useLocale();
  const copy = catalogue.notFound;
  return (
    <section className="error-page container" aria-labelledby="page-title">
      <p className="eyebrow">{copy.eyebrow}</p>
      <h1 id="page-title">{copy.title}</h1>
      <p className="error-page__text">{copy.text}</p>
      <div className="error-page__actions">
        <Link to={localize('/')} className="button button--primary">
          {copy.home}
        </Link>
        <Link to={localize('/contact')} className="button button--secondary">
          {copy.contact}
        </Link>
      </div>
    </section>
  );
}
