/** The English page a newsletter unsubscribe link opens; the button works without JavaScript. */
import { siteFacts } from '../../data';
import type { HeadText } from '../../head';
import { NEWSLETTER_ANCHOR } from '../../newsletter';

// A site path as the content writes it (in English): the page shows it in the reader's language where the page exists.
const blogLink = { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Back to the blog' };

export const newsletterUnsubscribe = {
  head: {
    title: 'Unsubscribe | Meridian Lab',
    description: 'Stop receiving new articles from Meridian Lab by e-mail, in one click.',
    keywords: ['newsletter', 'unsubscribe'],
  } satisfies HeadText,
  eyebrow: 'Newsletter',
  ask: {
    title: 'Unsubscribe from our articles',
    text: 'Press the button and we will stop sending e-mail to this address at once.',
    note: 'Changed your mind? Close this page: nothing happens without the button.',
    button: 'Unsubscribe',
  },
  outcomes: {
    unsubscribed: {
      title: "You're unsubscribed",
      text: 'We will not send you our articles any more. If you change your mind, you can sign up again on the blog at any time.',
      link: blogLink,
    },
    invalid: {
      title: 'This link does not work',
      text: `The unsubscribe link is incomplete, or comes from an old e-mail. If you already unsubscribed, you are off the list: we will send you no more e-mails. If not, copy the whole link from our latest e-mail, or write to ${siteFacts.email} and we will remove your address.`,
      link: blogLink,
    },
  },
  missing: {
    title: 'Unsubscribe from our articles',
    text: `Open the unsubscribe link in one of our e-mails, or write to ${siteFacts.email} and we will remove your address.`,
    link: blogLink,
  },
};
