/**
 * Two staff editing the same article (decision 075): a save whose form was opened before someone else's save is
 * not written over it. The editor shows both, the writer's own in the form, and the writer chooses.
 */
import type { TypedFields } from './fields';
import { ARTICLE_FIELDS, typedOf } from './fields';
import type { Article, ArticleStore } from './store';
import { SCHEDULE_BY } from './store';

export interface Conflict {
  /** Who saved since, and when. */
  by: string;
  at: string;
  /** What is saved now: their text. */
  theirs: TypedFields;
}

const sameText = (a: TypedFields, b: TypedFields) => ARTICLE_FIELDS.every((name) => a[name] === b[name]);

/**
 * The save someone else made since the revision the form was opened on (`base`, the form's baseRevision), when
 * it changed the text; undefined when there is none (the writer's own saves, a schedule's step, a form without
 * a base revision).
 */
export async function conflictOf(
  store: ArticleStore,
  article: Article,
  base: string | undefined,
  me: string,
): Promise<Conflict | undefined> {
  if (!/^\d{1,15}$/.test(base ?? '')) return undefined;
  const revisions = await store.revisions(article.id);
  const opened = revisions.find((revision) => revision.id === Number(base));
  const others = revisions.filter(
    (revision) => revision.id > Number(base) && revision.savedBy !== me && revision.savedBy !== SCHEDULE_BY,
  );
  const theirs = typedOf(article.pending ?? article);
  if (!opened || others.length === 0 || sameText(typedOf(opened.fields), theirs)) return undefined;
  return { by: others[0]!.savedBy, at: others[0]!.savedAt, theirs };
}
