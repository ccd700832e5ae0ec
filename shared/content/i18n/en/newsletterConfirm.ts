/** The English page a newsletter confirmation link opens, gathered from shared/content/newsletter.ts. */
import { confirmHead, confirmPage } from '../../newsletter';

export const newsletterConfirm = { head: confirmHead, ...confirmPage };
