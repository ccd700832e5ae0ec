/**
 * An article's author (decision 075): a member of staff, shown by their display name, or a guest whose name is
 * typed as the page shows it. The name is written into the article when it is saved: what the page shows is what
 * the writer saw in the editor, and an article whose author is no longer listed keeps its name.
 */
import { createAccountStore } from '../console/accounts';
import type { Database } from '../db';
import type { TypedFields } from './fields';

export interface ArticleAuthor {
  id: number;
  name: string;
  email: string;
  /** Signed in and working: only they are offered for a new choice. */
  active: boolean;
}

/** Every member of staff with a display name: who can be named an article's author. */
export async function articleAuthors(db: Database): Promise<ArticleAuthor[]> {
  const accounts = await createAccountStore(db).list();
  return accounts
    .filter((account) => account.name.trim() !== '')
    .map(({ id, name, email, disabledAt, invitedAt }) => ({
      id,
      name: name.trim(),
      email,
      active: disabledAt === null && invitedAt === null,
    }));
}

/** The authors a form offers: the active ones, and the one it names already (who may have left since). */
export const authorChoices = (authors: readonly ArticleAuthor[], chosen: string) =>
  authors.filter((author) => author.active || String(author.id) === chosen);

/**
 * The form with its author's name: a chosen member of staff's display name, or the guest's as typed (no
 * authorId: the editor's guest choice, or a form without the field). An error when the choice is no one offered
 * (`saved`: the author the article names now, kept even if they left).
 */
export function withAuthorName(
  typed: TypedFields,
  authors: readonly ArticleAuthor[],
  saved = '',
): { typed: TypedFields; error?: string } {
  if (typed.authorId.trim() === '') return { typed };
  const author = authorChoices(authors, saved).find((candidate) => String(candidate.id) === typed.authorId.trim());
  if (!author)
    return { typed, error: 'Written by: choose someone from the list, or a guest author and type their name.' };
  return { typed: { ...typed, author: author.name } };
}
