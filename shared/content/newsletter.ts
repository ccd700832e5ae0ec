/**
 * The newsletter's consent steps: the confirmation e-mail, and the pages its
 * links open (confirm a sign-up, unsubscribe). The blog's box is in blog.ts.
 */
import type { HeadText } from './head';
import { NEWSLETTER_ANCHOR } from './blog';
import { CONFIRMATION_VALID_DAYS } from './blog';
import { site } from './site';

export const confirmationMail = {
  subject: `Confirm your subscription to ${site.name}'s articles`,
  text: ({ confirmUrl, unsubscribeUrl, siteUrl }: { confirmUrl: string; unsubscribeUrl: string; siteUrl: string }) =>
    `Hello,

Someone, hopefully you, asked to receive new articles from ${site.name} at this address.
To confirm, open this link (it works once, for ${CONFIRMATION_VALID_DAYS} days):

${confirmUrl}

If it was not you, ignore this e-mail: without your confirmation we will not write to you again.
To stop any e-mail from us to this address: ${unsubscribeUrl}

${site.name}
${siteUrl}
`,
} as const;

const blogLink = { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Back to the blog' } as const;

export interface NewsletterNotice {
  title: string;
  text: string;
  link: { href: string; label: string };
}

export const confirmHead: HeadText = {
  title: 'Confirm Your Subscription | Meridian Lab',
  description: 'Confirm your subscription to new articles from Meridian Lab: one click, and nothing else is sent.',
  keywords: ['newsletter', 'confirm subscription'],
};

export const unsubscribeHead: HeadText = {
  title: 'Unsubscribe | Meridian Lab',
  description: 'Stop receiving new articles from Meridian Lab by e-mail, in one click.',
  keywords: ['newsletter', 'unsubscribe'],
};

/** The page a confirmation link opens: a button, so that no link scanner can confirm for the reader. */
export const confirmPage = {
  eyebrow: 'Newsletter',
  ask: {
    title: 'Confirm your subscription',
    text: 'One click, and new articles from our lab will come to your inbox when we publish. Nothing else.',
    note: 'Did not ask for this? Close this page: nothing happens without the button.',
    button: 'Confirm my subscription',
  },
  outcomes: {
    confirmed: {
      title: "You're subscribed",
      text: 'Thank you! Our next article will come straight to your inbox. Every e-mail we send has a link to unsubscribe in one click.',
      link: blogLink,
    },
    invalid: {
      title: 'This link no longer works',
      text: `A confirmation link works once, for ${CONFIRMATION_VALID_DAYS} days. Sign up again from the blog and we will send you a new one.`,
      link: { href: `/blog#${NEWSLETTER_ANCHOR}`, label: 'Sign up on the blog' },
    },
  } satisfies Record<string, NewsletterNotice>,
  /** Opened without a link's token. */
  missing: {
    title: 'Confirm your subscription',
    text: 'Open the link in the e-mail we sent you to confirm your subscription.',
    link: blogLink,
  } satisfies NewsletterNotice,
} as const;

/** The page an unsubscribe link opens; the button works without JavaScript. */
export const unsubscribePage = {
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
      text: `The unsubscribe link is incomplete. Copy the whole link from the e-mail, or write to ${site.email} and we will remove your address.`,
      link: blogLink,
    },
  } satisfies Record<string, NewsletterNotice>,
  missing: {
    title: 'Unsubscribe from our articles',
    text: `Open the unsubscribe link in one of our e-mails, or write to ${site.email} and we will remove your address.`,
    link: blogLink,
  } satisfies NewsletterNotice,
} as const;

export type ConfirmOutcome = keyof typeof confirmPage.outcomes;
export type UnsubscribeOutcome = keyof typeof unsubscribePage.outcomes;
