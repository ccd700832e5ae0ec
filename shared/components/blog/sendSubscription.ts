import type { CategoryValue, SubscribeOutcome } from '../../content/blog';
import { ATTRIBUTION_FIELD } from '../../lib/attribution';
import type { ProofFields } from '../../lib/formGuard';
import { postJson } from '../../lib/postJson';
import { subscribeOutcomeOf } from '../../model/blog';

/** The enhanced sign-up: the form's own action (its language's), in JSON; no answer at all reads as "unreachable". */
export async function sendSubscription(
  action: string,
  email: string,
  category: CategoryValue,
  attribution: string,
  guard?: ProofFields,
): Promise<SubscribeOutcome> {
  const result = await postJson(action, { email, category, [ATTRIBUTION_FIELD]: attribution, ...guard });
  return result.ok ? subscribeOutcomeOf(result.status, result.body) : 'unreachable';
}
