import type { ArticleFields } from './fields';
import { checkFields, typedOf } from './fields';
import { renderArticle } from './markdown';

/**
 * Why saved fields cannot go live (their field and the reason), or undefined when they can. Publishing,
 * scheduling, restoring onto a live article and the schedule's own step all ask: what was saved before a rule
 * changed cannot slip out.
 */
export function goLiveProblem(fields: ArticleFields, rootDir: string): [field: string, reason: string] | undefined {
  const checked = checkFields(typedOf(fields));
  if (!checked.ok) return Object.entries(checked.errors)[0] as [string, string];
  const rendered = renderArticle(fields.body, fields.locale, rootDir);
  return rendered.ok ? undefined : ['body', rendered.error];
}
