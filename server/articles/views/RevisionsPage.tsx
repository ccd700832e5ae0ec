import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabTime } from '../../console/kit/LabTime';
import { StackTable } from '../../console/kit/StackTable';
import type { StaffName } from '../../console/people/names';
import { COMPARED_FIELDS, fieldLabels } from '../fields';
import { diffLines } from '../lineDiff';
import type { Article, Revision } from '../store';

interface RevisionsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** Who saved, by name. */
  nameOf: StaffName;
  article: Article;
  revisions: Revision[];
  /** The two revisions compared, older first, when two are chosen. */
  compared?: [Revision, Revision];
  notice?: string;
}

const shown = (value: unknown) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** What changed from one revision to another: each field that differs, the body line by line. */
function Diff({ compared: [from, to] }: { compared: [Revision, Revision] }) {
  const changed = COMPARED_FIELDS.filter((name) => shown(from.fields[name]) !== shown(to.fields[name]));
  return (
    <section className="staff-panel card" aria-labelledby="diff-title">
      <h2 id="diff-title">
        Revision {from.number} → revision {to.number}
      </h2>
      {changed.length === 0 && <p className="staff-muted">The two revisions are the same.</p>}
      {changed
        .filter((name) => name !== 'body')
        .map((name) => (
          <div key={name} className="staff-articles__change">
            <h3 className="staff-panel__subtitle">{fieldLabels[name]}</h3>
            <p>
              <del>{shown(from.fields[name])}</del>
            </p>
            <p>
              <ins>{shown(to.fields[name])}</ins>
            </p>
          </div>
        ))}
      {changed.includes('body') && (
        <div className="staff-articles__change">
          <h3 className="staff-panel__subtitle">{fieldLabels.body}</h3>
          <pre className="staff-articles__diff" tabIndex={0} aria-label="Body, line by line">
            {diffLines(from.fields.body, to.fields.body).map((line, index) =>
              line.kind === 'same' ? (
                <span key={index}>{`  ${line.text}\n`}</span>
              ) : line.kind === 'added' ? (
                <ins key={index}>{`+ ${line.text}\n`}</ins>
              ) : (
                <del key={index}>{`- ${line.text}\n`}</del>
              ),
            )}
          </pre>
        </div>
      )}
    </section>
  );
}

/** One end of the comparison, as a radio button in the revision's row: checked on the revision compared now. */
function CompareCell({ end, revision, chosen }: { end: 'from' | 'to'; revision: Revision; chosen?: number }) {
  return (
    <td data-label={`Compare ${end}`}>
      <input
        type="radio"
        name={end}
        value={revision.id}
        defaultChecked={revision.id === chosen}
        aria-label={`Compare ${end} revision ${revision.number}`}
      />
    </td>
  );
}

/** An article's revisions, newest first: pick two to compare, or restore one. */
export function RevisionsPage({ assets, user, nameOf, article, revisions, compared, notice }: RevisionsPageProps) {
  const title = `Revisions: ${article.title}`;
  const [newest, previous] = revisions;
  const from = compared?.[0].id ?? previous?.id;
  const to = compared?.[1].id ?? newest?.id;
  return (
    <ConsoleDocument title={title} assets={assets} user={user} section="articles">
      <p className="staff-back">
        <a className="staff-link" href={`/staff/articles/${article.id}`}>
          ← Back to the article
        </a>
      </p>
      <ConsoleHeading eyebrow={`Article ${article.id}`} title={title}>
        <p className="staff-muted">Every save, newest first, with who saved it and when.</p>
      </ConsoleHeading>
      {notice && <Notice tone="success">{notice}</Notice>}
      {compared && <Diff compared={compared} />}
      <form
        className="staff-articles__compare"
        method="get"
        action={`/staff/articles/${article.id}/revisions`}
        aria-label="Compare revisions"
      >
        <StackTable label="Revisions" columns={['Revision', 'Saved', 'Compare from', 'Compare to']}>
          {revisions.map((revision) => (
            <tr key={revision.id}>
              <td data-label="Revision">
                <span className="staff-table__primary">Revision {revision.number}</span>
                <span className="staff-table__secondary">
                  {[revision.fields.title, revision.note].filter(Boolean).join(' · ')}
                </span>
              </td>
              <td data-label="Saved">
                <LabTime iso={revision.savedAt} />
                <span className="staff-table__secondary">{nameOf(revision.savedBy)}</span>
              </td>
              <CompareCell end="from" revision={revision} chosen={from} />
              <CompareCell end="to" revision={revision} chosen={to} />
            </tr>
          ))}
        </StackTable>
        {revisions.length > 1 && (
          <p>
            <button className="button button--primary" type="submit">
              Compare
            </button>
          </p>
        )}
      </form>
      <section className="staff-panel card" aria-labelledby="restore-title">
        <h2 id="restore-title">Restore a revision</h2>
        <p className="staff-muted">Restoring saves that revision's fields as a new revision; nothing is lost.</p>
        {revisions.length < 2 && <p>This is the only revision: there is nothing to restore yet.</p>}
        <ul className="staff-articles__restore">
          {revisions.slice(1).map((revision) => (
            <li key={revision.id}>
              <form method="post" action={`/staff/articles/${article.id}/revisions/${revision.id}/restore`}>
                <CsrfField user={user} />
                <button className="button button--secondary" type="submit">
                  Restore revision {revision.number}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>
    </ConsoleDocument>
  );
}
