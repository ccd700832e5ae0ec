import { afterEach, describe, expect, it, vi } from 'vitest';

import { sendContact } from '../../shared/components/contact/sendContact';
import type { FailureKind } from '../../shared/content/contactFields';
import { contact as enContact } from '../../shared/content/i18n/en/contact';
import { ATTRIBUTION_FIELD } from '../../shared/lib/attribution';
import type { ContactFormState, ContactValues } from '../../shared/model/contactForm';
import {
  CONTACT_ENDPOINT,
  contactFormReducer,
  EMPTY_CONTACT_VALUES,
  HONEYPOT_FIELD,
  initialContactFormState,
  interpretResponse,
  readFieldErrors,
  SEND_DURATION_MS,
  settleNoSoonerThan,
} from '../../shared/model/contactForm';

const { failureMessage } = enContact;

const typed: ContactValues = {
  ...EMPTY_CONTACT_VALUES,
  name: 'Ana Gómez',
  email: 'ana@example.com',
  company: 'Acme',
  phone: '+57 300 000 0000',
  service: 'consultation',
  message: 'We need a new site.',
};

function filled(): ContactFormState {
  return { ...initialContactFormState(), values: { ...typed } };
}

describe('the form state machine', () => {
  it('starts idle and empty, with no banner', () => {
    expect(initialContactFormState()).toEqual({
      status: 'idle',
      values: EMPTY_CONTACT_VALUES,
      errors: {},
      failure: null,
      succeeded: false,
    });
  });

  it('starts with the success banner after the no-JavaScript redirect', () => {
    expect(initialContactFormState({ succeeded: true })).toMatchObject({ status: 'success', succeeded: true });
  });

  it('starts in error with the values and errors of a refused plain post', () => {
    const state = initialContactFormState({
      values: typed,
      errors: { name: 'Too long' },
      failure: { kind: 'invalid' },
    });
    expect(state).toMatchObject({
      status: 'error',
      values: typed,
      errors: { name: 'Too long' },
      failure: { kind: 'invalid' },
    });
  });

  it('edits one field and drops only that field’s error', () => {
    const state = { ...filled(), errors: { name: 'bad', email: 'bad' } };
    const next = contactFormReducer(state, { type: 'edit', field: 'name', value: 'Ana' });
    expect(next.values.name).toBe('Ana');
    expect(next.errors).toEqual({ email: 'bad' });
    expect(contactFormReducer(next, { type: 'edit', field: 'name', value: 'Ana' })).toBe(next);
  });

  it('goes to sending on submit, hiding the previous failure, and ignores a second submit', () => {
    const failed = {
      ...filled(),
      status: 'error' as const,
      failure: { kind: 'server' as const },
      errors: { name: 'x' },
    };
    const sending = contactFormReducer(failed, { type: 'submit' });
    expect(sending).toMatchObject({ status: 'sending', failure: null, errors: {}, values: typed });
    expect(contactFormReducer(sending, { type: 'submit' })).toBe(sending);
  });

  it('on success clears all six fields and shows the banner for good', () => {
    const sending = contactFormReducer(filled(), { type: 'submit' });
    const done = contactFormReducer(sending, { type: 'settled', outcome: { ok: true } });
    expect(done).toEqual({
      status: 'success',
      values: EMPTY_CONTACT_VALUES,
      errors: {},
      failure: null,
      succeeded: true,
    });
    // A later failure shows its banner beside the success one, which stays.
    const again = contactFormReducer(contactFormReducer({ ...done, values: typed }, { type: 'submit' }), {
      type: 'settled',
      outcome: { ok: false, failure: { kind: 'network' }, errors: {} },
    });
    expect(again).toMatchObject({ status: 'error', succeeded: true, values: typed, failure: { kind: 'network' } });
  });

  it('on failure keeps every typed value and shows the field errors', () => {
    const sending = contactFormReducer(filled(), { type: 'submit' });
    const failed = contactFormReducer(sending, {
      type: 'settled',
      outcome: { ok: false, failure: { kind: 'invalid' }, errors: { email: 'Please enter a valid e-mail address.' } },
    });
    expect(failed).toEqual({
      status: 'error',
      values: typed,
      errors: { email: 'Please enter a valid e-mail address.' },
      failure: { kind: 'invalid' },
      succeeded: false,
    });
  });

  it('ignores an answer when nothing is being sent', () => {
    const idle = filled();
    expect(contactFormReducer(idle, { type: 'settled', outcome: { ok: true } })).toBe(idle);
  });
});

describe('reading the server’s answer', () => {
  it('treats any 2xx as sent', () => {
    expect(interpretResponse(201, { ok: true }, null)).toEqual({ ok: true });
    expect(interpretResponse(200, null, null)).toEqual({ ok: true });
  });

  it('maps a 400 with field errors to invalid, keeping only known fields with text', () => {
    const body = { errors: { email: 'Bad e-mail', notAField: 'x', name: 42 } };
    expect(interpretResponse(400, body, null)).toEqual({
      ok: false,
      failure: { kind: 'invalid' },
      errors: { email: 'Bad e-mail' },
    });
    expect(readFieldErrors('nope')).toEqual({});
    expect(readFieldErrors({ errors: null })).toEqual({});
  });

  it('maps a 400 without field errors, 413, 415, 429 and 5xx to their own failures', () => {
    expect(interpretResponse(400, { error: 'The request body is not valid JSON.' }, null)).toMatchObject({
      failure: { kind: 'rejected' },
    });
    expect(interpretResponse(413, null, null)).toMatchObject({ failure: { kind: 'tooLarge' } });
    expect(interpretResponse(415, null, null)).toMatchObject({ failure: { kind: 'rejected' } });
    expect(interpretResponse(429, null, '42')).toMatchObject({
      failure: { kind: 'rateLimited', retryAfterSeconds: 42 },
    });
    expect(interpretResponse(429, null, 'soon')).toMatchObject({
      failure: { kind: 'rateLimited', retryAfterSeconds: 60 },
    });
    expect(interpretResponse(500, null, null)).toMatchObject({ failure: { kind: 'server' } });
    expect(interpretResponse(503, null, null)).toMatchObject({ failure: { kind: 'server' } });
  });

  it('words every failure with what went wrong and what to do', () => {
    const kinds: FailureKind[] = ['invalid', 'tooLarge', 'rateLimited', 'rejected', 'server', 'network', 'timeout'];
    for (const kind of kinds) {
      const message = failureMessage({ kind, retryAfterSeconds: 30 });
      expect(message).toMatch(/^Your message was not sent/);
      expect(message).toMatch(/try again|check the highlighted fields/);
    }
    expect(failureMessage({ kind: 'rateLimited', retryAfterSeconds: 30 })).toContain('30 seconds');
    expect(failureMessage({ kind: 'network' })).toContain('hello@meridianlab.dev');
  });
});

describe('settleNoSoonerThan', () => {
  afterEach(() => vi.useRealTimers());

  it('is the spec’s 2 seconds', () => {
    expect(SEND_DURATION_MS).toBe(2000);
  });

  it('waits for the send time when the server answers at once', async () => {
    vi.useFakeTimers();
    let settled = false;
    const result = settleNoSoonerThan(async () => 'sent').then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(SEND_DURATION_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(result).resolves.toBe('sent');
  });

  it('waits for the server when it is slower than the send time', async () => {
    vi.useFakeTimers();
    let settled = false;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 5000));
    const result = settleNoSoonerThan(slow).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('late');
  });

  it('rethrows a failure, also not before the send time', async () => {
    vi.useFakeTimers();
    let settled = false;
    const result = settleNoSoonerThan(() => Promise.reject(new Error('down'))).catch((error: Error) => {
      settled = true;
      return error.message;
    });
    await vi.advanceTimersByTimeAsync(SEND_DURATION_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('down');
  });
});

describe('sendContact', () => {
  afterEach(() => vi.useRealTimers());

  it('posts the values, the honeypot and the visit’s attribution as JSON to the endpoint', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    await expect(
      sendContact(typed, { honeypot: '', locale: 'en', attribution: '{"formPage":"/contact"}', fetch }),
    ).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CONTACT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      ...typed,
      [HONEYPOT_FIELD]: '',
      [ATTRIBUTION_FIELD]: '{"formPage":"/contact"}',
    });
  });

  it("names the Spanish form's language in the endpoint's URL, so every answer comes in Spanish", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    await sendContact(typed, { honeypot: '', locale: 'es', fetch });
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(url).toBe(`${CONTACT_ENDPOINT}?locale=es`);
  });

  it('reports field errors, server errors and unreadable answers', async () => {
    const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));
    await expect(
      sendContact(typed, { honeypot: '', locale: 'en', fetch: answer(400, '{"errors":{"name":"Too long"}}') }),
    ).resolves.toEqual({
      ok: false,
      failure: { kind: 'invalid' },
      errors: { name: 'Too long' },
    });
    await expect(
      sendContact(typed, { honeypot: '', locale: 'en', fetch: answer(500, '<html>') }),
    ).resolves.toMatchObject({
      failure: { kind: 'server' },
    });
  });

  it('reports a network error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendContact(typed, { honeypot: '', locale: 'en', fetch })).resolves.toMatchObject({
      ok: false,
      failure: { kind: 'network' },
    });
  });

  it('gives up on a server that does not answer in time', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = sendContact(typed, { honeypot: '', locale: 'en', fetch, timeoutMs: 15_000 });
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(outcome).resolves.toMatchObject({ ok: false, failure: { kind: 'timeout' } });
  });
});
