/**
 * The contact form's shape and behaviour, shared by the page and the server:
 * field names, limits, the visible states and the submit timing.
 */
import type { ContactFieldName, Failure } from '../content/contactFields';
import { CONTACT_FIELDS } from '../content/contactFields';
import { SENT_PARAM } from '../lib/contactSent';
import { localeAction } from '../lib/formAction';
import type { Locale } from '../lib/locale';

export type ContactValues = Record<ContactFieldName, string>;
export type FieldErrors = Partial<Record<ContactFieldName, string>>;

export const EMPTY_CONTACT_VALUES: Readonly<ContactValues> = Object.freeze(
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, ''])) as ContactValues,
);

/**
 * Filled in only by robots: people never see it, so a post that carries it is
 * spam. Its name means nothing to autofill (a "website" field would be filled
 * for a real visitor, whose message would then be dropped).
 */
export const HONEYPOT_FIELD = 'mlx_hp';

export const CONTACT_ENDPOINT = '/api/contact';

export function contactEndpoint(locale: Locale): string {
  return localeAction(CONTACT_ENDPOINT, locale);
}
/** The id of the form's card: the no-JavaScript success redirect scrolls to it. */
export const CONTACT_FORM_ID = 'contact-form';
/** Where the no-JavaScript success redirect leads, from the contact page's path in the form's language. */
export function sentLocation(contactPath: string): string {
  return `${contactPath}?${SENT_PARAM}=1#${CONTACT_FORM_ID}`;
}

/** The spec's send time: the success banner never appears sooner than this after submit. */
export const SEND_DURATION_MS = 2000;
/** Largest request body the endpoint reads; the longest valid form is well under it. */
export const MAX_BODY_BYTES = 32 * 1024;

// ---------------------------------------------------------------------------
// Outcomes

export type SendOutcome = { ok: true } | { ok: false; failure: Failure; errors: FieldErrors };

function isContactFieldName(key: string): key is ContactFieldName {
  return CONTACT_FIELDS.some((field) => field.name === key);
}

/** The field errors of a 400 answer ({ errors: { field: message } }), ignoring anything else. */
export function readFieldErrors(body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof body !== 'object' || body === null || !('errors' in body)) return errors;
  const raw = (body as { errors: unknown }).errors;
  if (typeof raw !== 'object' || raw === null) return errors;
  for (const [key, message] of Object.entries(raw)) {
    if (isContactFieldName(key) && typeof message === 'string' && message) errors[key] = message;
  }
  return errors;
}

/** Turns the server's answer into what the page shows. */
export function interpretResponse(status: number, body: unknown, retryAfter: string | null): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 429) {
    const seconds = Number(retryAfter);
    return {
      ok: false,
      failure: {
        kind: 'rateLimited',
        retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60,
      },
      errors: {},
    };
  }
  if (status === 413) return { ok: false, failure: { kind: 'tooLarge' }, errors: {} };
  if (status === 400) {
    const errors = readFieldErrors(body);
    if (Object.keys(errors).length > 0) return { ok: false, failure: { kind: 'invalid' }, errors };
  }
  return { ok: false, failure: { kind: status >= 500 ? 'server' : 'rejected' }, errors: {} };
}

// ---------------------------------------------------------------------------
// The form's states

/** idle, then sending on submit; the answer leads to success or error, from which a new submit starts again. */
type ContactFormStatus = 'idle' | 'sending' | 'success' | 'error';

export interface ContactFormState {
  status: ContactFormStatus;
  values: ContactValues;
  errors: FieldErrors;
  failure: Failure | null;
  /** True once a message went through: the success banner is never removed afterwards. */
  succeeded: boolean;
}

export type ContactFormEvent =
  | { type: 'edit'; field: ContactFieldName; value: string }
  | { type: 'submit' }
  | { type: 'settled'; outcome: SendOutcome };

export function initialContactFormState(
  options: {
    values?: Partial<ContactValues>;
    errors?: FieldErrors;
    failure?: Failure | null;
    succeeded?: boolean;
  } = {},
): ContactFormState {
  const failure = options.failure ?? null;
  return {
    status: failure ? 'error' : options.succeeded ? 'success' : 'idle',
    values: { ...EMPTY_CONTACT_VALUES, ...options.values },
    errors: { ...options.errors },
    failure,
    succeeded: options.succeeded ?? false,
  };
}

export function contactFormReducer(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  switch (event.type) {
    case 'edit': {
      if (state.values[event.field] === event.value) return state;
      // A corrected field drops its error; the others keep theirs until the next submit.
      const errors = { ...state.errors };
      delete errors[event.field];
      return { ...state, values: { ...state.values, [event.field]: event.value }, errors };
    }
    case 'submit':
      if (state.status === 'sending') return state;
      return { ...state, status: 'sending', errors: {}, failure: null };
    case 'settled':
      if (state.status !== 'sending') return state;
      if (event.outcome.ok) {
        return { status: 'success', values: { ...EMPTY_CONTACT_VALUES }, errors: {}, failure: null, succeeded: true };
      }
      // Everything typed stays: only the errors and the failure change.
      return { ...state, status: 'error', errors: event.outcome.errors, failure: event.outcome.failure };
  }
}

// ---------------------------------------------------------------------------
// Timing

export type Wait = (ms: number) => Promise<void>;

const wait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs send and settles with its result, but never before minimumMs have
 * passed since the call: the sending state lasts the spec's send time even
 * when the server answers at once.
 */
export async function settleNoSoonerThan<T>(
  send: () => Promise<T>,
  minimumMs = SEND_DURATION_MS,
  delay: Wait = wait,
): Promise<T> {
  const [result] = await Promise.allSettled([Promise.resolve().then(send), delay(minimumMs)]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
