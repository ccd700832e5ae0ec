/** The English page a newsletter confirmation link opens: a button, so that no link scanner can confirm for the reader. */
import type { HeadText } from '../../head';
import { CONFIRMATION_VALID_DAYS, NEWSLETTER_ANCHOR } from '../../newsletter';

// Site paths as the content writes them (in English): the page shows them in the reader's language where the page exists.
const blogLink = { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Back to the blog' };

export const newsletterConfirm = {
  head: {
    title: 'Confirm Your Subscription | Meridian Lab',
    description: 'Confirm your subscription to new articles from Meridian Lab: one click, and nothing else is sent.',
    keywords: ['newsletter', 'confirm subscription'],
  } satisfies HeadText,
  eyebrow: 'Newsletter',
  ask: {
    title: 'Confirm your subscription',
    text: 'One click, and articles from our lab will come to your inbox, each with at most a short note from us. Nothing else.',
    note: 'Did not ask for this? Close this page: nothing happens without the button.',
    button: 'Confirm my subscription',
  },
  outcomes: {
    confirmed: {
      title: "You're subscribed",
      text: 'Thank you! Our next article will come straight to your inbox. Every e-mail we send has a link to unsubscribe, without signing in.',
      link: blogLink,
    },
    invalid: {
      title: 'This link no longer works',
      text: `A confirmation link works once, for ${CONFIRMATION_VALID_DAYS} days. Sign up again from the blog and we will send you a new one.`,
      link: { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Sign up on the blog' },
    },
  },
  /** Opened without a link's token. */
  missing: {
    title: 'Confirm your subscription',
    text: 'To confirm your subscription, open the link in our confirmation e-mail.',
    link: blogLink,
  },
};
