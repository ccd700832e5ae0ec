/**
 * The English contact page around its form: the opening, the teams, the response times, the offices' headings and the questions.
 * The static sections read it, so it loads with their code, not on a first visit.
 */
import { translated } from '../../../lib/locale';
import { departmentFacts, siteFacts } from '../../data';
import { officeHours, responsePromise } from './shared';

export const contactInfo = {
  /** The page's opening; its buttons are the lab's e-mail address and, once the lab has given it, its phone number. */
  hero: {
    eyebrow: 'Contact',
    title: 'Get In Touch',
    intro: `Tell us about your project and get a free quote. ${responsePromise}`,
    bookCall: 'Book a call',
  },
  /** The headings of the page's sections beside and below the form. */
  sections: {
    detailsTitle: 'Talk to the Right Team',
    promisesTitle: 'Response Times',
    officesEyebrow: 'Our Offices',
    officesTitle: 'Three Cities, One Team',
    officesIntro: 'Visit us in Miami, Bogota or New York, or meet us on a video call wherever you are.',
    specialties: 'Specialties',
    faqEyebrow: 'FAQ',
    faqTitle: 'Frequently Asked Questions',
  },
  departments: translated(departmentFacts, (department) => department.id, {
    general: { name: 'General Inquiries', note: 'Questions about the lab, our plans or working with us.' },
    development: { name: 'Web Development', note: 'Technical questions, project scoping and support for live sites.' },
    sales: { name: 'Sales & Marketing', note: 'Quotes, packages, ad campaigns and partnerships.' },
  }),
  responsePromises: [
    { channel: 'E-mail inquiries', time: `Within ${siteFacts.responseTimes.email}` },
    { channel: 'Quote requests', time: `Within ${siteFacts.responseTimes.quote}` },
    // For the sites the lab already runs: a client reaches it through the support channel of their plan.
    { channel: 'Emergency support for clients', time: '24/7' },
  ],
  hours: { label: 'General hours', value: officeHours },
  faq: [
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
  ],
};
