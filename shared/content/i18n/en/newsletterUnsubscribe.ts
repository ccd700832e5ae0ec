/** The English page a newsletter unsubscribe link opens, gathered from shared/content/newsletter.ts. */
import { unsubscribeHead, unsubscribePage } from '../../newsletter';

export const newsletterUnsubscribe = { head: unsubscribeHead, ...unsubscribePage };
