/** The newsletter in no language: where its sign-up box is and how long a confirmation link works (each language's catalogue words them). */
import { retention } from './retention';

/** The id of the newsletter box, where the no-JavaScript sign-up returns. */
export const NEWSLETTER_ANCHOR = 'newsletter';

/** How long a confirmation link works: as long as a sign-up never confirmed is kept. */
export const CONFIRMATION_VALID_DAYS = retention.pendingDays;

/**
 * How far ahead a confirmation e-mail may be put off when sign-ups come faster than its budgets allow
 * (decision 060): the visitor is told it may come this late, or, when it cannot go even then, to try again.
 */
export const CONFIRMATION_DELAY_HOURS = 24;
