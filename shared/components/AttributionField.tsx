import { ATTRIBUTION_FIELD } from '../lib/attribution';

/**
 * Where the visit came from, sent with a form (decision 047): filled from session storage as the form is sent;
 * empty without JavaScript, when the server records the form's page and the Referer instead.
 */
export function AttributionField() {
  return <input type="hidden" name={ATTRIBUTION_FIELD} defaultValue="" />;
}
