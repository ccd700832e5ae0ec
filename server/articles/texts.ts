/** The console's words for articles. */
import type { ArticleState } from './store';

export const articleNav = { key: 'articles', href: '/staff/articles', label: 'Articles' } as const;

export const stateLabels: Record<ArticleState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

export const articleCopy = {
  listTitle: 'Articles',
  newTitle: 'New article',
  notFound: 'There is no such article.',
  revisionNotFound: 'There is no such revision of this article.',
  fixFields: (count: number) =>
    `${count} field${count === 1 ? ' needs' : 's need'} a change before the article is saved:`,
  saved: {
    created: 'Draft created.',
    saved: 'Saved.',
    published: 'Published: it is on the blog now.',
    scheduled: 'Scheduled.',
    unpublished: 'Unpublished: visitors no longer see it.',
    restored: 'Revision restored: it is the newest revision now.',
    restoredPending:
      'Revision restored as a pending change: visitors see the live version until you publish the changes.',
    pending: 'Saved as a pending change: visitors see the live version until you publish the changes.',
    changesPublished: 'Changes published: visitors see them now.',
    discarded: 'Pending changes discarded: the editor shows the live version.',
  },
  noSuchImage: 'it names an uploaded image that does not exist: choose one from the image library.',
  imageProcessing: 'the image is still being made in the widths the pages need: try again in a few seconds.',
  deleted: 'Article deleted, with its revisions.',
  deleteLive: 'This article is live or scheduled: unpublish it (or cancel the schedule) first, then delete it.',
  nothingToSchedule: 'This article is live and has no pending change to schedule: save a change first.',
  scheduleInvalid: 'Publish at: a date and time in the future, as the field asks.',
  publishInvalid: (field: string, reason: string) => `This article cannot go live yet: ${field}: ${reason}`,
  notPublished: (note: string) =>
    `The schedule did not publish this article: ${note}. Fix it, then publish or schedule it again.`,
  restoreInvalid: (revision: number, field: string, reason: string) =>
    `Revision ${revision} cannot replace the live article: ${field}: ${reason}`,
  /** A length counter's words, {n} the count: the editor's script fills them in as the writer types. */
  seoCount: {
    within: '{n} characters: search results show up to {max}.',
    over: '{n} characters: over {max}, search results cut the rest.',
  },
  seoEmpty: {
    seoTitle: 'Empty: search results and shares show the title, then “| Meridian Lab”.',
    seoDescription: 'Empty: search results and shares show the excerpt.',
  },
  seoHint: {
    seoTitle: (max: number) =>
      `The page’s title in search results and when shared. Up to ${max} characters show whole.`,
    seoDescription: (max: number) =>
      `What search results and shares say under the title. Up to ${max} characters show whole.`,
  },
  sharePreview: 'As a shared link shows it',
  guestAuthor: 'A guest author (their name below)',
  staffHint: 'A member of staff shows by their display name.',
  guestHint: 'Only for a guest: the name the page shows.',
  original: (language: string) => `The original (${language})`,
  originalHint: 'Read only: translate from it into the form.',
  linksMissing: 'The body links to pages this site does not have: visitors would land on “page not found”.',
  linksMissingHint: 'Fix the links, or publish anyway: publishing asks first.',
  linkConfirm: {
    publish: 'Publish anyway',
    schedule: 'Schedule anyway',
    'publish-changes': 'Publish the changes anyway',
  },
  linkAsk:
    'This article links to pages this site does not have. Fix the links in the body and save, or go ahead with them as they are:',
} as const;
