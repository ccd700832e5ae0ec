/** The English contact page's form: its head, labels, errors and messages, and the services it offers (contactInfo.ts holds the rest of the page). */
import { translated } from '../../../lib/locale';
import type { ContactFieldName, Failure, RequiredFieldName } from '../../contactFields';
import { FIELD_LIMITS, HEARD_VALUES, SERVICE_VALUES } from '../../contactFields';
import { siteFacts } from '../../data';
import type { HeadText } from '../../head';
import { emailUs, responsePromise } from './shared';

/** What went wrong and what to do about it, for each way a message can fail to go through. */
function failureMessage(failure: Failure): string {
  switch (failure.kind) {
    case 'invalid':
      return 'Your message was not sent: please check the highlighted fields and send it again.';
    case 'tooLarge':
      return `Your message was not sent because it is too long. Please shorten it to ${FIELD_LIMITS.message.toLocaleString('en-US')} characters or fewer and try again, or ${emailUs}.`;
    case 'rateLimited':
      return `Your message was not sent because several were sent from your connection in a short time. Please try again in ${failure.retryAfterSeconds ?? 60} seconds, or ${emailUs}.`;
    case 'rejected':
      return `Your message was not sent: our server could not accept it. Please check it and try again, or ${emailUs}.`;
    case 'server':
      return `Your message was not sent because of a problem on our side. Please try again in a few minutes, or ${emailUs}.`;
    case 'network':
      return `Your message was not sent: we could not reach our server. Check your connection and try again, or ${emailUs}.`;
    case 'timeout':
      return `Your message was not sent: our server took too long to answer. Please try again, or ${emailUs}.`;
  }
}

export const contact = {
  head: {
    title: 'Contact Us | Meridian Lab',
    description: `Ask for a free quote or talk to our team in Miami, Bogota or New York. ${responsePromise}`,
    keywords: ['contact', 'free quote', 'web development agency', 'Miami', 'Bogota', 'New York'],
  } satisfies HeadText,
  form: {
    title: 'Send Us a Message',
    intro: "Tell us what you are building. We'll reply with next steps and, if you like, a free quote.",
    requiredNote: 'Fields marked * are required.',
    submit: 'Send Message',
    sending: 'Sending Message...',
    success: `Thank you for your message! We'll get back to you within ${siteFacts.responseTimes.quote}.`,
    privacy:
      'We use your details to answer your message and to count which of our sources and campaigns bring inquiries. You can see, correct or delete them at any time.',
    honeypot: 'Leave this empty',
    /** The JSON answer when a valid message could not be stored. */
    notStored: 'Your message could not be stored. Please try again later.',
  },
  failureMessage,
  fieldCopy: {
    name: { label: 'Full Name', placeholder: 'Jane Smith' },
    email: { label: 'Email Address', placeholder: 'jane@company.com' },
    company: { label: 'Company/Organization', placeholder: 'Your company' },
    phone: { label: 'Phone Number', placeholder: '+1 (555) 123-4567' },
    service: { label: 'Service of Interest', placeholder: '' },
    message: { label: 'Message', placeholder: 'Tell us about your project, goals and timeline…' },
    heard: { label: 'How did you hear about us?', placeholder: 'Choose one' },
    heardtext: { label: 'Tell us more', placeholder: 'The event, the site or the person' },
  } satisfies Record<ContactFieldName, { label: string; placeholder: string }>,
  /** What the server says about a field it refused, by field and reason. */
  fieldErrors: {
    notText: 'Please enter this as text.',
    tooLong: {
      name: `Please shorten your name to ${FIELD_LIMITS.name} characters or fewer.`,
      email: `Please shorten your e-mail address to ${FIELD_LIMITS.email} characters or fewer.`,
      company: `Please shorten the company name to ${FIELD_LIMITS.company} characters or fewer.`,
      phone: `Please shorten the phone number to ${FIELD_LIMITS.phone} characters or fewer.`,
      service: 'Please choose a service from the list.',
      message: `Please shorten your message to ${FIELD_LIMITS.message} characters or fewer.`,
      heard: 'Please choose an answer from the list.',
      heardtext: `Please shorten this to ${FIELD_LIMITS.heardtext} characters or fewer.`,
    } satisfies Record<ContactFieldName, string>,
    missing: {
      name: 'Please enter your full name.',
      email: 'Please enter your e-mail address.',
      message: 'Please enter a message.',
    } satisfies Record<RequiredFieldName, string>,
    invalidEmail: 'Please enter a valid e-mail address, such as name@company.com.',
  },
  /** The service select's options after its empty one; the plans keep their own names. */
  serviceOptions: translated(
    SERVICE_VALUES.map((value) => ({ value })),
    (option) => option.value,
    {
      'web-subscription': { label: 'Web Subscription' },
      'ai-voice-systems': { label: 'AI Voice Systems' },
      'marketing-ads': { label: 'Marketing with Ads' },
      'all-in-one': { label: 'All-in-One Package' },
      'custom-project': { label: 'Custom Project' },
      consultation: { label: 'Consultation' },
      other: { label: 'Other' },
    },
  ),
  servicePlaceholder: 'Select a service',
  /** The answers to "How did you hear about us?" after its empty one. */
  heardOptions: translated(
    HEARD_VALUES.map((value) => ({ value })),
    (option) => option.value,
    {
      search: { label: 'A search engine' },
      ad: { label: 'An ad' },
      social: { label: 'Social media' },
      newsletter: { label: 'Our newsletter' },
      referral: { label: 'Someone recommended you' },
      event: { label: 'An event' },
      other: { label: 'Other' },
    },
  ),
};
