import BookOpenText from 'lucide/dist/esm/icons/book-open-text.mjs';

import { publicationFacts } from '../../content/researchFacts';
import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

/** The three most recent publications: title, journal, year, authors and an impact tag. */
export function PublicationList() {
  const { locale, catalogue } = useLocale();
  const { eyebrow, title, intro, impacts } = catalogue.research.publications;
  return (
    <section className="section section--soft" aria-labelledby="publications-title">
      <div className="container">
        <SectionHeader id="publications-title" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="research-publications">
          {publicationFacts.map((publication) => {
            // A title and journal in another language than the page's say which, for screen readers and translators.
            const lang = publication.lang === locale ? undefined : publication.lang;
            return (
              <li key={publication.title} className="research-publication">
                <div className="research-publication__top">
                  <span className="research-publication__icon">
                    <Icon icon={BookOpenText} aria-hidden="true" size={20} />
                  </span>
                  <p className="research-publication__impact">{impacts[publication.impact]}</p>
                </div>
                <h3 className="research-publication__title" lang={lang}>
                  {publication.title}
                </h3>
                <p className="research-publication__journal">
                  <cite lang={lang}>{publication.journal}</cite>
                  {', '}
                  <span className="research-publication__year">{publication.year}</span>
                </p>
                <p className="research-publication__authors">{publication.authors}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
