/** The English booking page (decision 082): choose, pick a time, give details; and the pages its e-mail's links open. */
import type { HeadText } from '../../head';

export const book = {
  head: {
    title: 'Book an Intro Call | Meridian Lab',
    description:
      'Book a free 30-minute intro call with Meridian Lab in English or Spanish, at a time that suits you, with our Miami, New York or Bogota team.',
    keywords: ['book a call', 'consultation', 'intro call', 'Meridian Lab'],
  } satisfies HeadText,
  eyebrow: 'Book a call',
  title: 'Book an intro call',
  intro:
    'A free 30-minute call with the team that would do the work: pick a topic, a language and a time that suits you.',
  choose: {
    title: 'What should we talk about?',
    topic: 'Topic',
    topics: {
      'web-subscription': 'Web subscription',
      'ai-voice-systems': 'AI voice systems',
      'marketing-ads': 'Marketing & ads',
      'all-in-one': 'All-in-one package',
      other: 'Something else',
    },
    language: 'Language of the call',
    languages: { en: 'English', es: 'Spanish' },
    office: 'Office (optional)',
    anyOffice: 'Any office',
    offices: { miami: 'Miami', 'new-york': 'New York', bogota: 'Bogota' },
    zone: 'Your time zone',
    submit: 'See free times',
  },
  slots: {
    title: 'Choose a time',
    shownIn: (zone: string) => `Times in ${zone}.`,
    officeTime: (office: string, time: string) => `${office} office: ${time}`,
    none: 'No free times in the next 30 days for these choices. Try another language or office, or write to us.',
    later: 'Later times',
    change: 'Change your choices',
    taken: 'That time was just taken. Here are the next free times.',
    held: 'We are holding this time for you for 5 minutes while you fill in your details.',
    justTaken: 'Someone has just taken that time. Please choose another.',
  },
  details: {
    title: 'Your details',
    requiredNote: 'Fields marked * are required.',
    name: 'Name',
    email: 'E-mail',
    company: 'Company',
    phone: 'Phone (optional)',
    message: 'What would you like to discuss? (optional)',
    submit: 'Book the call',
    privacy: 'We use these details to hold the call and reply to you.',
    honeypot: 'Leave this empty',
  },
  errors: {
    heading: 'Please check the form:',
    slot: 'Choose a time.',
    name: 'Enter your name.',
    email: 'Enter an e-mail address such as name@example.com.',
    company: 'Enter your company.',
    tooLong: 'One of the fields is too long.',
  },
  done: {
    title: 'Your call is booked',
    text: (when: string, email: string) =>
      `See you ${when}. We sent the invitation to ${email}, with links to move or cancel the call.`,
  },
  manage: {
    title: 'Your intro call',
    when: (when: string) => `Booked for ${when}.`,
    move: 'Move the call',
    moveSubmit: 'Move to this time',
    cancel: 'Cancel the call',
    cancelNote: 'Cancelling frees the time at once; the invitation is withdrawn from your calendar.',
    moved: (when: string) => `Your call moved to ${when}. We sent the new invitation.`,
    cancelled: 'Your call is cancelled. We sent you a confirmation.',
  },
  stale: {
    cancelled: {
      title: 'This call was cancelled',
      text: 'The call this link belongs to was cancelled, so it changes nothing.',
    },
    moved: {
      title: 'This link is out of date',
      text: 'The call was moved since this link was sent: use the link in the latest e-mail.',
    },
    invalid: { title: 'This link does not work', text: 'The link is incomplete or was changed.' },
    again: 'Book a new call',
  },
};
