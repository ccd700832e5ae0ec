/** The English contact page, gathered from shared/content/contact.ts. */
import {
  contactFormCopy,
  contactHead,
  contactHero,
  contactSections,
  departments,
  faq,
  failureMessage,
  fieldCopy,
  fieldErrors,
  hours,
  responsePromises,
  serviceOptions,
  servicePlaceholder,
} from '../../contact';

export const contact = {
  head: contactHead,
  hero: contactHero,
  sections: contactSections,
  form: contactFormCopy,
  failureMessage,
  fieldCopy,
  fieldErrors,
  serviceOptions,
  servicePlaceholder,
  departments,
  responsePromises,
  hours,
  faq,
};
