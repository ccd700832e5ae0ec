import { locales } from '../../../shared/lib/locale';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, Notice } from '../../console/kit/ConsoleDocument';
import { CursorPagination } from '../../console/kit/CursorPagination';
import { FilterForm } from '../../console/kit/FilterForm';
import { LabTime } from '../../console/kit/LabTime';
import { optionsWithAll, SelectField } from '../../console/kit/SelectField';
import { StackTable } from '../../console/kit/StackTable';
import { SearchField } from '../../console/kit/TextField';
import type { StaffName } from '../../console/people/names';
import { languageNames } from '../../lib/languageNames';
import type { ArticleFilter, ArticleListItem } from '../store';
import { articleStates } from '../store';
import { articleCopy, stateLabels } from '../texts';
import { StateBadge } from './StateBadge';

interface ArticleListPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** Who saved, by name. */
  nameOf: StaffName;
  filter: ArticleFilter;
  /** A page of the list, how many match in all, and the newer and older pages' links (decision 091). */
  articles: ArticleListItem[];
  total: number;
  pages: { previousHref: string | null; nextHref: string | null };
  notice?: string;
}

function Filters({ filter }: { filter: ArticleFilter }) {
  return (
    <FilterForm action="/staff/articles" label="Filter articles" search submit="Apply" clearHref="/staff/articles">
      <SearchField value={filter.search} placeholder="Title, slug or author" />
      <SelectField
        id="filter-state"
        name="state"
        label="State"
        value={filter.state}
        options={optionsWithAll('All states', articleStates, stateLabels)}
      />
      <SelectField
        id="filter-language"
        name="language"
        label="Language"
        value={filter.locale}
        options={optionsWithAll('Both languages', locales, languageNames)}
      />
    </FilterForm>
  );
}

/** The other language's version, or that it is missing with a way to write it. */
function Translation({ article }: { article: ArticleListItem }) {
  const { translation } = article;
  if (translation)
    return (
      <a href={`/staff/articles/${translation.id}`}>
        {languageNames[translation.locale]}: {stateLabels[translation.state]}
      </a>
    );
  const missing = locales.find((locale) => locale !== article.locale)!;
  return (
    <span className="staff-articles__missing">
      No {languageNames[missing]} version · <a href={`/staff/articles/new?translate=${article.id}`}>Write it</a>
    </span>
  );
}

/** Every article in both languages, the last changed first, with its state, its translation and its author. */
export function ArticleListPage(props: ArticleListPageProps) {
  const { assets, user, nameOf, filter, articles, total, notice } = props;
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
        {total} article{total === 1 ? '' : 's'}
      </h2>
      {articles.length === 0 ? (
        <p className="staff-empty card">No article matches these filters.</p>
      ) : (
        <StackTable labelledBy="articles-count" columns={['Title', 'State', 'Translation', 'Author', 'Last change']}>
          {articles.map((article) => (
            <tr key={article.id}>
              <td data-label="Title">
                <a className="staff-table__primary" href={`/staff/articles/${article.id}`}>
                  {article.title}
                </a>
                <span className="staff-table__secondary">
                  {languageNames[article.locale]} · /{article.slug}
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
                <span className="staff-table__secondary">{nameOf(article.updatedBy)}</span>
              </td>
            </tr>
          ))}
        </StackTable>
      )}
      <CursorPagination label="Pages of articles" {...props.pages} />
    </ConsoleDocument>
  );
}
