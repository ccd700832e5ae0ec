import { useState } from 'react';

import type { GuardedForm } from '../lib/formGuard';
import { lazyProof } from '../lib/lazyProof';

/**
 * A guarded form's proof of work (decision 073): `start` (the form's onFocus) begins it once; `fields` waits for
 * it at submit.
 */
export function useFormProof(form: GuardedForm) {
  const [fields] = useState(() => lazyProof(form));
  return { start: () => void fields(), fields };
}
