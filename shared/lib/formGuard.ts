/** The public forms the site guards (decision 073): each proof of work is issued for one of them. */
export const GUARDED_FORMS = ['contact', 'newsletter', 'booking'] as const;
export type GuardedForm = (typeof GUARDED_FORMS)[number];

/** The hidden field that carries the form page's signed token, with or without script. */
export const FORM_TOKEN_FIELD = 'formToken';
/** The field that carries the solved proof of work (script only). */
export const PROOF_FIELD = 'proof';
/** Where the enhanced form asks for its challenge and a fresh page token: GET, `?form=`. */
export const PROOF_ENDPOINT = '/api/form-proof';

/** What the enhanced form adds to its post: the page token and the proof, both '' when not had. */
export interface ProofFields {
  [FORM_TOKEN_FIELD]: string;
  [PROOF_FIELD]: string;
}
