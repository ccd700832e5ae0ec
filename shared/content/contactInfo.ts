/**
 * The contact page around its form: its opening, the departments (and which
 * one a lead goes to), the response promises, the hours and the FAQ. Only
 * static sections and the server read it. Offices come from site.ts.
 */
import type { ServiceValue } from './contactFields';
import type { DepartmentId } from './data';
import { departmentFacts } from './data';
import { responsePromise, site } from './site';

/** The page's opening; its two buttons are the lab's e-mail address and phone number. */
export const contactHero = {
  eyebrow: 'Contact',
  title: 'Get In Touch',
  intro: `Tell us about your project and get a free quote. ${responsePromise}`,
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
