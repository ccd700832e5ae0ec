import type { GuardedForm } from '../../shared/lib/formGuard';
import { FORM_TOKEN_FIELD, PROOF_FIELD } from '../../shared/lib/formGuard';
import { lazyProof } from '../../shared/lib/lazyProof';

/**
 * A plain form's proof of work (decision 073): begun when the form first gets focus, added at submit, then the
 * form posts as it would without script. The fresh page token it comes with replaces the page's. `ready` is what
 * else the post waits for; when it says no, the form stays as it is.
 */
export function proveOnSubmit(
  form: HTMLFormElement,
  name: GuardedForm,
  ready: () => Promise<boolean> = async () => true,
): void {
  const fields = lazyProof(name);
  form.addEventListener('focusin', () => void fields(), { once: true });
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // Back to the page from the next one (the back/forward cache): the button works again.
  window.addEventListener('pageshow', () => {
    if (button) button.disabled = false;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    void Promise.all([fields(), ready()]).then(([proof, go]) => {
      if (!go) {
        if (button) button.disabled = false;
        return;
      }
      const token = form.elements.namedItem(FORM_TOKEN_FIELD);
      if (proof.formToken && token instanceof HTMLInputElement) token.value = proof.formToken;
      const kept = form.elements.namedItem(PROOF_FIELD);
      const field = kept instanceof HTMLInputElement ? kept : form.appendChild(document.createElement('input'));
      Object.assign(field, { type: 'hidden', name: PROOF_FIELD, value: proof.proof });
      // submit(), unlike requestSubmit(), fires no second submit event: the form posts as it is.
      form.submit();
    });
  });
}
