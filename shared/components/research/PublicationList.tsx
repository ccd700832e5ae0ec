import BookOpenText from 'lucide-react/icons/book-open-text';
import { publications } from '../../content/research';
import { SectionHeader } from '../SectionHeader';

/** The three most recent publications: title, journal, year, authors and an impact tag. */
export function PublicationList() {
  return (
    <section className="section section--soft" aria-labelledby="publications-title">
      <div className="container">
        <SectionHeader
          id="publications-title"
          eyebrow="Publications"
          title="Recent publications"
          intro="Peer-reviewed work from our teams and partners."
        />
        <ul className="research-publications">
          {publications.map((publication) => (
            <li key={publication.title} className="research-publication">
              <div className="research-publication__top">
                <span className="research-publication__icon">
                  <BookOpenText aria-hidden="true" size={20} />
                </span>
                <p className="research-publication__impact">{publication.impact}</p>
              </div>
              <h3 className="research-publication__title">{publication.title}</h3>
              <p className="research-publication__journal">
                <cite>{publication.journal}</cite>, <span className="research-publication__year">{publication.year}</span>
              </p>
              <p className="research-publication__authors">{publication.authors}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
