/**
 * The contact page's texts: the form's labels and messages, the departments,
 * the response promises, the hours and the FAQ. Offices come from site.ts.
 */
import type { HeadText } from '../components/Seo';
import type { ContactFieldName, Failure, OtherService, ServiceValue } from '../lib/contactForm';
import { FIELD_AUTOCOMPLETE, FIELD_LIMITS, OTHER_SERVICES } from '../lib/contactForm';
import type { DepartmentId } from './data';
import { departmentFacts } from './data';
import { plans } from './plans';
import { responsePromise, site } from './site';

/** The page's opening; its two buttons are the lab's e-mail address and phone number. */
export const contactHead: HeadText = {
  title: 'Contact Us | Meridian Lab',
  description: `Ask for a free quote or talk to our team in Miami, Bogota or New York. ${responsePromise}`,
  keywords: ['contact', 'free quote', 'web development agency', 'Miami', 'Bogota', 'New York'],
};

export const contactHero = {
  eyebrow: 'Contact',
  title: 'Get In Touch',
  intro: `Tell us about your project and get a free quote. ${responsePromise}`,
};

export interface ServiceOption {
  value: ServiceValue;
  label: string;
}

const otherServiceLabels: Readonly<Record<OtherService, string>> = {
  'custom-project': 'Custom Project',
  consultation: 'Consultation',
  other: 'Other',
};

/** The service select's options after its empty 'Select a service' one; the plans keep their own names. */
export const serviceOptions: readonly ServiceOption[] = [
  ...plans.map((plan) => ({ value: plan.id, label: plan.title })),
  ...OTHER_SERVICES.map((value) => ({ value, label: otherServiceLabels[value] })),
];

export const servicePlaceholder = 'Select a service';

export interface FieldCopy {
  label: string;
  placeholder: string;
  autoComplete: string;
}

export const fieldCopy: Readonly<Record<ContactFieldName, FieldCopy>> = {
  name: { label: 'Full Name', placeholder: 'Jane Smith', autoComplete: FIELD_AUTOCOMPLETE.name },
  email: { label: 'Email Address', placeholder: 'jane@company.com', autoComplete: FIELD_AUTOCOMPLETE.email },
  company: { label: 'Company/Organization', placeholder: 'Your company', autoComplete: FIELD_AUTOCOMPLETE.company },
  phone: { label: 'Phone Number', placeholder: '+1 (555) 123-4567', autoComplete: FIELD_AUTOCOMPLETE.phone },
  service: { label: 'Service of Interest', placeholder: '', autoComplete: FIELD_AUTOCOMPLETE.service },
  message: { label: 'Message', placeholder: 'Tell us about your project, goals and timeline…', autoComplete: FIELD_AUTOCOMPLETE.message },
};

/** The headings of the page's sections beside and below the form. */
export const contactSections = {
  detailsTitle: 'Talk to the Right Team',
  promisesTitle: 'Response Times',
  officesEyebrow: 'Our Offices',
  officesTitle: 'Three Cities, One Team',
  officesIntro: 'Visit us in Miami, Bogota or New York, or meet us on a video call wherever you are.',
  specialties: 'Specialties',
  faqEyebrow: 'FAQ',
  faqTitle: 'Frequently Asked Questions',
};

/** What the server says about a field it refused, by field and reason. */
export const fieldErrors = {
  notText: 'Please enter this as text.',
  tooLong: {
    name: `Please shorten your name to ${FIELD_LIMITS.name} characters or fewer.`,
    email: `Please shorten your e-mail address to ${FIELD_LIMITS.email} characters or fewer.`,
    company: `Please shorten the company name to ${FIELD_LIMITS.company} characters or fewer.`,
    phone: `Please shorten the phone number to ${FIELD_LIMITS.phone} characters or fewer.`,
    service: 'Please choose a service from the list.',
    message: `Please shorten your message to ${FIELD_LIMITS.message} characters or fewer.`,
  } satisfies Record<ContactFieldName, string>,
  missing: {
    name: 'Please enter your full name.',
    email: 'Please enter your e-mail address.',
    message: 'Please enter a message.',
  },
  invalidEmail: 'Please enter a valid e-mail address, such as name@company.com.',
  unknownService: 'Please choose a service from the list.',
};

export const contactFormCopy = {
  title: 'Send Us a Message',
  intro: "Tell us what you are building. We'll reply with next steps and, if you like, a free quote.",
  requiredNote: 'Fields marked * are required.',
  submit: 'Send Message',
  sending: 'Sending Message...',
  success: `Thank you for your message! We'll get back to you within ${site.responseTimes.quote}.`,
  privacy: 'We use your details only to answer your message.',
  honeypot: 'Leave this empty',
  /** The JSON answer when a valid message could not be stored. */
  notStored: 'Your message could not be stored. Please try again later.',
} as const;

const emailUs = `e-mail us at ${site.email}`;

/** What went wrong and what to do about it, for each way a message can fail to go through. */
export function failureMessage(failure: Failure): string {
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

export interface Department {
  id: DepartmentId;
  name: string;
  email: string;
  phone: string;
  note: string;
}

const departmentWords: Readonly<Record<DepartmentId, Pick<Department, 'name' | 'note'>>> = {
  general: { name: 'General Inquiries', note: 'Questions about the lab, our plans or working with us.' },
  development: { name: 'Web Development', note: 'Technical questions, project scoping and support for live sites.' },
  sales: { name: 'Sales & Marketing', note: 'Quotes, packages, ad campaigns and partnerships.' },
};

export const departments: readonly Department[] = departmentFacts.map((department) => ({ ...department, ...departmentWords[department.id] }));

/**
 * Which department a lead goes to, by the service chosen: website work to Web
 * Development, ads to Sales & Marketing, everything else (and no choice) to General Inquiries.
 */
const departmentOfService: Readonly<Record<ServiceValue, DepartmentId>> = {
  'web-subscription': 'development',
  'custom-project': 'development',
  'marketing-ads': 'sales',
  'ai-voice-systems': 'general',
  'all-in-one': 'general',
  consultation: 'general',
  other: 'general',
};

export function departmentForService(service: string): Department {
  const id = (departmentOfService as Record<string, DepartmentId | undefined>)[service] ?? 'general';
  return departments.find((department) => department.id === id)!;
}

/** The label the form showed for a service value, or undefined for none. */
export function serviceLabel(service: string): string | undefined {
  return serviceOptions.find((option) => option.value === service)?.label;
}

export interface ResponsePromise {
  channel: string;
  time: string;
}

export const responsePromises: readonly ResponsePromise[] = [
  { channel: 'E-mail inquiries', time: `Within ${site.responseTimes.email}` },
  { channel: 'Quote requests', time: `Within ${site.responseTimes.quote}` },
  { channel: 'Emergency support', time: '24/7' },
];

export const hours = { label: 'General hours', value: site.hours } as const;

export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: readonly FaqItem[] = [
  {
    question: 'How long does it take to build a website?',
    answer:
      'Most websites are completed in 2-4 weeks, depending on the number of pages, the features you need and how quickly content and feedback come in. We agree on a timeline in the discovery call.',
  },
  {
    question: 'Do you provide ongoing support after launch?',
    answer:
      'Yes. All subscription packages include ongoing maintenance, updates and technical support, so your site stays fast, secure and current for as long as you are with us.',
  },
  {
    question: 'Can I combine services or change my plan later?',
    answer:
      'Yes. Plans are monthly, so you can add services, move to the All-in-One Package or add extras such as e-commerce or extra languages as your business grows.',
  },
  {
    question: 'Do you work with clients outside Miami, Bogota and New York?',
    answer:
      'Yes. We work with businesses across North and South America, in English and Spanish. Most projects run fully remote, with video calls at every milestone.',
  },
];
