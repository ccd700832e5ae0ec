import { useRef } from 'react';

import type { GuardedForm, ProofFields } from '../lib/formGuard';

/**
 * A guarded form's proof of work (decision 073): `start` (the form's onFocus) loads the solver's chunk and
 * begins solving once; `fields` waits for it at submit. No script is fetched before a form gets focus.
 */
export function useFormProof(form: GuardedForm) {
  const proof = useRef<Promise<ProofFields> | null>(null);
  const start = () => {
    proof.current ??= import('../lib/formProof').then(
      ({ proveForm }) => proveForm(form),
      // Without its chunk (offline, a new deploy), the post goes with the page's token alone.
      () => ({ formToken: '', proof: '' }),
    );
    return proof.current;
  };
  return { start: () => void start(), fields: start };
}
