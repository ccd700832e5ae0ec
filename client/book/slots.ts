/**
 * The booking page's free times, with script (decisions 073, 088): the time chosen is held while the visitor
 * types, and the post carries its proof of work. The page is the server's answer and hydrates nothing; without
 * this script its form works the same, holding nothing.
 */
import { holdChosenTime } from './holdTime';
import { proveOnSubmit } from './proveOnSubmit';

const form = document.querySelector<HTMLFormElement>('form[data-booking-slots]');
if (form) {
  // The post waits for the hold of the time chosen last, so that it carries its key.
  proveOnSubmit(form, 'booking', holdChosenTime(form).settled);
  // As a hydrated page's root: tests and styles may rely on it.
  form.dataset.enhanced = 'true';
}
