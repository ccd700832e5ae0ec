import { use } from 'react';

import { FORM_TOKEN_FIELD } from '../lib/formGuard';
import { FormTokenContext } from './contexts';

/**
 * The form page's signed token (decision 073), which a post without script sends back: the server writes
 * a fresh one into each answer; the browser keeps the one it was given (hydration does not touch it).
 */
export function FormTokenField() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={use(FormTokenContext)} suppressHydrationWarning />;
}
