/**
 * Query parameter set by the contact form's no-JavaScript success redirect. Apart
 * from the form's logic: the route table reads it on every page.
 */
export const SENT_PARAM = 'sent';
