/** The English blog page: its head, its words and the newsletter box's (its sign-up answers among them). */
import type { SubscribeOutcome } from '../../blog';
import type { HeadText } from '../../head';
import { CONFIRMATION_DELAY_HOURS, CONFIRMATION_VALID_DAYS } from '../../newsletter';

const head = {
  title: 'Blog | Meridian Lab',
  description:
    'Insights on web development, AI voice systems and digital marketing from the Meridian Lab team, with research news and hands-on tutorials.',
  keywords: ['blog', 'web development', 'technology', 'industry news', 'tutorials', 'sustainability'],
} satisfies HeadText;

export const blog = {
  head,
  /** The head of the blog's second page on: each page is a URL of its own, so its title says which. */
  pageHead: (page: number): Pick<HeadText, 'title' | 'description'> => ({
    title: `Blog, Page ${page} | Meridian Lab`,
    description: `Page ${page}. ${head.description}`,
  }),
  hero: {
    eyebrow: 'Blog',
    title: 'Our Blog',
    intro: 'Insights, tutorials and news on web development, AI voice systems and digital marketing from our team.',
  },
  sidebarLabel: 'Blog sidebar',
  filterLabel: 'Blog categories',
  featured: 'Featured',
  categoriesTitle: 'Categories',
  latestTitle: 'Latest Articles',
  recentTitle: 'Recent Posts',
  /** A count of posts: the number is formatted and the form chosen by the language's plural rules. */
  postForms: { one: 'post', other: 'posts' },
  /** "in Research": after a count, when a category is chosen. */
  inCategory: (label: string) => ` in ${label}`,
  noOtherPosts: (where: string) => `No other posts${where} yet`,
  /** `shown`: how many ("6"), or which when the grid starts past the first post ("7–12"). */
  showing: (shown: string, total: string, where: string) => `Showing ${shown} of ${total}${where}`,
  previousPage: 'Previous Page',
  loadMore: 'Load More Posts',
  morePosts: (count: string) => `${count} to read`,
  moreForms: { one: 'more post', other: 'more posts' },
  noMorePosts: 'No more posts to load',
  emptyCategory: (label: string) =>
    `The featured article above is our latest on ${label.toLowerCase()}; more posts on this topic are on their way.`,
  browseAll: 'Browse all posts',
  newsletter: {
    title: 'Stay Updated',
    text: 'Articles from our lab, in your inbox, each with at most a short note from us. Nothing else.',
    label: 'Email address',
    placeholder: 'you@company.com',
    /** The notice under the box: what the address is for, and the confirmation e-mail that follows. */
    notice:
      "We'll e-mail you a link to confirm your subscription, and use your address only to send our articles. You can unsubscribe at any time.",
    button: 'Subscribe',
    sending: 'Subscribing…',
    messages: {
      pending: `Check your inbox to confirm: we sent you a link that works for ${CONFIRMATION_VALID_DAYS} days. Until you open it and confirm, you are not subscribed.`,
      delayed: `Many sign-ups are arriving, so your confirmation e-mail will be late: we will send it within ${CONFIRMATION_DELAY_HOURS} hours. Its link then works for ${CONFIRMATION_VALID_DAYS} days. Until you open it and confirm, you are not subscribed.`,
      held: `Thank you. Our e-mails are not going out yet, so your confirmation e-mail will come later, as soon as they do; its link then works for ${CONFIRMATION_VALID_DAYS} days. Until you open it and confirm, you are not subscribed.`,
      invalid: "That doesn't look like a valid e-mail address. Please check it and try again.",
      limited: 'Too many attempts. Please wait a minute, then try again.',
      busy: `Too many sign-ups have arrived: we cannot send you a confirmation e-mail within the next ${CONFIRMATION_DELAY_HOURS} hours. Please try again later.`,
      unreachable: "We couldn't reach our server. Please check your connection and try again.",
    } satisfies Record<SubscribeOutcome, string>,
  },
};
