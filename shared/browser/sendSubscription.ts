import type { CategoryValue, SubscribeOutcome } from '../content/blog';
import { SUBSCRIBE_ENDPOINT, subscribeOutcomeForStatus } from '../lib/blog';
import { postJson } from './postJson';

/** The enhanced sign-up: the same endpoint as the form, in JSON; no answer at all reads as "unreachable". */
export async function sendSubscription(email: string, category: CategoryValue): Promise<SubscribeOutcome> {
  const result = await postJson(SUBSCRIBE_ENDPOINT, { email, category });
  return result.ok ? subscribeOutcomeForStatus(result.status) : 'unreachable';
}
