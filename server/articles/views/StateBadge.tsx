import { LabTime } from '../../console/kit/LabTime';
import type { Article } from '../store';
import { stateLabels } from '../texts';

/** An article's state, with its time when it is scheduled. */
export function StateBadge({ article }: { article: Pick<Article, 'state' | 'publishAt'> }) {
  return (
    <>
      <span className={`staff-badge staff-badge--article-${article.state}`}>{stateLabels[article.state]}</span>
      {article.state === 'scheduled' && article.publishAt && (
        <span className="staff-table__secondary">
          for <LabTime iso={article.publishAt} />
        </span>
      )}
    </>
  );
}
