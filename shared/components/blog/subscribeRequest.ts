import type { CategoryValue, SubscribeOutcome } from '../../content/blog';
import { subscribeOutcomeForStatus } from '../../lib/blog';

/** The enhanced sign-up: the same endpoint as the form, in JSON; a network failure reads as "unreachable". */
export async function sendSubscription(email: string, category: CategoryValue): Promise<SubscribeOutcome> {
  try {
    const response = await fetch('/api/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, category }),
    });
    return subscribeOutcomeForStatus(response.status);
  } catch {
    return 'unreachable';
  }
}
