import { locales } from '../../../shared/lib/locale';
import type { ConsoleAssets, ConsoleUser } from '../../staff/views/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, Notice } from '../../staff/views/ConsoleDocument';
import { LabTime } from '../../staff/views/LabTime';
import { SelectField } from '../../staff/views/SelectField';
import type { ArticleFilter, ArticleListItem } from '../store';
import { articleStates } from '../store';
import { articleCopy, languageLabels, stateLabels } from '../texts';
import { StateBadge } from './StateBadge';

interface ArticleListPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  filter: ArticleFilter;
  articles: ArticleListItem[];
  notice?: string;
}

function Filters({ filter }: { filter: ArticleFilter }) {
  return (
    <form
      className="staff-filters card"
      method="get"
      action="/staff/articles"
      role="search"
      aria-label="Filter articles"
    >
      <div className="staff-field staff-filters__search">
        <label htmlFor="filter-search">Search</label>
        <input
          className="contact-field__control"
          id="filter-search"
          name="q"
          type="search"
          defaultValue={filter.search}
          maxLength={200}
          placeholder="Title, slug or author"
        />
      </div>
      <SelectField
        id="filter-state"
        name="state"
        label="State"
        value={filter.state}
        options={[['', 'All states'], ...articleStates.map((state) => [state, stateLabels[state]] as const)]}
      />
      <SelectField
        id="filter-language"
        name="language"
        label="Language"
        value={filter.locale}
        options={[['', 'Both languages'], ...locales.map((locale) => [locale, languageLabels[locale]] as const)]}
      />
      <div className="staff-filters__actions">
        <button className="button button--primary" type="submit">
          Apply
        </button>
        <a className="staff-link" href="/staff/articles">
          Clear
        </a>
      </div>
    </form>
  );
}

/** The other language's version, or that it is missing with a way to write it. */
function Translation({ article }: { article: ArticleListItem }) {
  const { translation } = article;
  if (translation)
    return (
      <a href={`/staff/articles/${translation.id}`}>
        {languageLabels[translation.locale]}: {stateLabels[translation.state]}
      </a>
    );
  const missing = locales.find((locale) => locale !== article.locale)!;
  return (
    <span className="staff-articles__missing">
      No {languageLabels[missing]} version · <a href={`/staff/articles/new?translate=${article.id}`}>Write it</a>
    </span>
  );
}

/** Every article in both languages, the last changed first, with its state, its translation and its author. */
export function ArticleListPage({ assets, user, filter, articles, notice }: ArticleListPageProps) {
  return (
    <ConsoleDocument title={articleCopy.listTitle} assets={assets} user={user} section="articles">
      <ConsoleHeading eyebrow="Blog" title={articleCopy.listTitle}>
        <p className="staff-muted">
          Drafts, scheduled and published articles in both languages, the last changed first.
        </p>
        <p>
          <a className="button button--primary" href="/staff/articles/new">
            New article
          </a>
        </p>
      </ConsoleHeading>
      {notice && <Notice tone="success">{notice}</Notice>}
      <Filters filter={filter} />
      <h2 className="staff-count" id="articles-count">
        {articles.length} article{articles.length === 1 ? '' : 's'}
      </h2>
      {articles.length === 0 ? (
        <p className="staff-empty card">No article matches these filters.</p>
      ) : (
        <table className="staff-table staff-table--stack" aria-labelledby="articles-count">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">State</th>
              <th scope="col">Translation</th>
              <th scope="col">Author</th>
              <th scope="col">Last change</th>
            </tr>
          </thead>
          <tbody>
            {articles.map((article) => (
              <tr key={article.id}>
                <td data-label="Title">
                  <a className="staff-table__primary" href={`/staff/articles/${article.id}`}>
                    {article.title}
                  </a>
                  <span className="staff-table__secondary">
                    {languageLabels[article.locale]} · /{article.slug}
                  </span>
                </td>
                <td data-label="State">
                  <StateBadge article={article} />
                </td>
                <td data-label="Translation">
                  <Translation article={article} />
                </td>
                <td data-label="Author">{article.author}</td>
                <td data-label="Last change">
                  <LabTime iso={article.updatedAt} />
                  <span className="staff-table__secondary">{article.updatedBy}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConsoleDocument>
  );
}
