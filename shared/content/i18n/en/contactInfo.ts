/**
 * The English contact page around its form, gathered from shared/content/contact.ts:
 * the static sections read it, so it loads with their code, not on a first visit.
 */
import { contactHero, contactSections, departments, faq, hours, responsePromises } from '../../contactInfo';

export const contactInfo = {
  hero: contactHero,
  sections: contactSections,
  departments,
  responsePromises,
  hours,
  faq,
};
