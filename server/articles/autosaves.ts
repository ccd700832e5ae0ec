/**
 * What a writer typed in the editor, kept as they type (decision 075): the form as it was, valid or not, never
 * the article itself (no revision, nothing public), until they save it or discard it.
 */
import type { Database } from '../db';
import type { TypedFields } from './fields';
import { typedFields } from './fields';

interface Autosave {
  typed: TypedFields;
  savedAt: string;
}

export interface Autosaves {
  keep(form: string, by: string, typed: TypedFields, now?: Date): Promise<void>;
  /** The writer's kept text of a form, or undefined. */
  get(form: string, by: string): Promise<Autosave | undefined>;
  drop(form: string, by: string): Promise<void>;
}

/** The form an autosave belongs to: an article's editor, or the new article's. */
export const autosaveForm = (articleId?: number) => (articleId === undefined ? 'new' : `article:${articleId}`);

export function createAutosaves(db: Database): Autosaves {
  return {
    async keep(form, by, typed, now = new Date()) {
      await db.run(
        `INSERT INTO article_autosaves (form, saved_by, typed, saved_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (form, saved_by) DO UPDATE SET typed = excluded.typed, saved_at = excluded.saved_at`,
        form,
        by,
        JSON.stringify(typed),
        now.toISOString(),
      );
    },
    async get(form, by) {
      const row = await db.get<{ typed: string; saved_at: string }>(
        'SELECT typed, saved_at FROM article_autosaves WHERE form = ? AND saved_by = ?',
        form,
        by,
      );
      // Kept before a field was added: that field empty.
      return row && { typed: typedFields(JSON.parse(row.typed) as Record<string, string>), savedAt: row.saved_at };
    },
    async drop(form, by) {
      await db.run('DELETE FROM article_autosaves WHERE form = ? AND saved_by = ?', form, by);
    },
  };
}
