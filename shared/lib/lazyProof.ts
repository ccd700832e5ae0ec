import type { GuardedForm, ProofFields } from './formGuard';

/**
 * A guarded form's proof of work, begun once (decision 073): the first call loads the solver's chunk and starts
 * solving, every later one gets the same answer. No script is fetched before a form asks for it.
 */
export function lazyProof(form: GuardedForm): () => Promise<ProofFields> {
  let proof: Promise<ProofFields> | undefined;
  return () =>
    (proof ??= import('./formProof').then(
      ({ proveForm }) => proveForm(form),
      // Without its chunk (offline, a new deploy), the post goes with the page's token alone.
      () => ({ formToken: '', proof: '' }),
    ));
}
