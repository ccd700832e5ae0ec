/** The English contact page's form, gathered from shared/content/contact.ts (contactInfo.ts holds the rest of the page). */
import {
  contactFormCopy,
  contactHead,
  failureMessage,
  fieldCopy,
  fieldErrors,
  serviceOptions,
  servicePlaceholder,
} from '../../contact';

export const contact = {
  head: contactHead,
  form: contactFormCopy,
  failureMessage,
  fieldCopy,
  fieldErrors,
  serviceOptions,
  servicePlaceholder,
};
