import { createContext } from 'react';

import type { Failure } from '../../content/contactFields';
import type { ContactValues, FieldErrors } from '../../model/contactForm';

/**
 * A form post the server answers by showing the page again (no JavaScript,
 * invalid or refused): what the visitor sent, the field errors and why it
 * failed. Only the server provides it; in the browser it is always null.
 */
export interface ContactSubmission {
  values: ContactValues;
  errors: FieldErrors;
  failure: Failure;
}

export const ContactSubmissionContext = createContext<ContactSubmission | null>(null);
