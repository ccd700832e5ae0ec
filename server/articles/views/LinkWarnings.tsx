import type { ConsoleUser } from '../../console/kit/ConsoleDocument';
import { CsrfField } from '../../console/kit/ConsoleDocument';
import type { Article } from '../store';
import { articleCopy } from '../texts';

function LinkList({ links }: { links: readonly string[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link}>
          <code>{link}</code>
        </li>
      ))}
    </ul>
  );
}

/** The body's links to site paths that lead nowhere, said whenever the editor shows it (decision 075). */
export function MissingLinks({ links }: { links: readonly string[] }) {
  return (
    <div className="staff-notice staff-notice--warning" role="status" data-missing-links>
      <p>{articleCopy.linksMissing}</p>
      <LinkList links={links} />
      <p className="staff-articles__hint">{articleCopy.linksMissingHint}</p>
    </div>
  );
}

/** A publish held for those links: fix them, or go ahead with the same action, said so. */
export function LinkCheck({
  article,
  user,
  action,
  links,
  publishAt,
}: {
  article: Article;
  user: ConsoleUser;
  action: 'publish' | 'schedule' | 'publish-changes';
  links: readonly string[];
  publishAt?: string;
}) {
  return (
    <div className="staff-notice staff-notice--warning" role="alert" data-link-check>
      <p>{articleCopy.linkAsk}</p>
      <LinkList links={links} />
      <form className="staff-form" method="post" action={`/staff/articles/${article.id}/${action}`}>
        <CsrfField user={user} />
        <input type="hidden" name="confirmLinks" value="yes" />
        {publishAt !== undefined && <input type="hidden" name="publishAt" value={publishAt} />}
        <button className="button button--secondary" type="submit">
          {articleCopy.linkConfirm[action]}
        </button>
      </form>
    </div>
  );
}
