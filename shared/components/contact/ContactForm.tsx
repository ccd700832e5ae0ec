import CircleAlert from 'lucide/dist/esm/icons/circle-alert.mjs';
import CircleCheck from 'lucide/dist/esm/icons/circle-check.mjs';
import LoaderCircle from 'lucide/dist/esm/icons/loader-circle.mjs';
import Lock from 'lucide/dist/esm/icons/lock.mjs';
import Send from 'lucide/dist/esm/icons/send.mjs';
import type { FormEvent } from 'react';
import { useContext, useEffect, useReducer, useRef } from 'react';

import type { ContactFieldName } from '../../content/contactFields';
import { CONTACT_FIELDS } from '../../content/contactFields';
import { SENT_PARAM } from '../../lib/contactSent';
import { FORM_TOKEN_FIELD } from '../../lib/formGuard';
import { fillAttribution } from '../../lib/visit';
import {
  CONTACT_FORM_ID,
  contactEndpoint,
  contactFormReducer,
  HONEYPOT_FIELD,
  initialContactFormState,
  settleNoSoonerThan,
} from '../../model/contactForm';
import { AttributionField } from '../AttributionField';
import { FormTokenField } from '../FormTokenField';
import { Icon } from '../Icon';
import { PrivacyNotice } from '../PrivacyNotice';
import { useFormProof } from '../useFormProof';
import { useLocale } from '../useLocale';
import { useSearchParams } from '../useSearchParams';
import { ContactField } from './ContactField';
import { sendContact } from './sendContact';
import { ContactSubmissionContext } from './submission';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function control(form: HTMLFormElement, name: string): Control | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
    ? element
    : null;
}

/**
 * The message form. A real form that posts without JavaScript; with it, the
 * post goes through fetch and the spec's states show: sending for at least
 * the send time, then the lasting success banner with emptied fields, or an
 * error banner with everything typed kept.
 */
export function ContactForm() {
  const { locale, catalogue } = useLocale();
  const { form: contactFormCopy, failureMessage } = catalogue.contact;
  const submission = useContext(ContactSubmissionContext);
  const searchParams = useSearchParams();
  const [state, dispatch] = useReducer(contactFormReducer, undefined, () =>
    initialContactFormState({ ...submission, succeeded: searchParams.get(SENT_PARAM) === '1' }),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const settledHere = useRef(false);
  const sending = state.status === 'sending';
  const proof = useFormProof('contact');

  // Whatever was typed before the page came alive stays: the fields take over the browser's values.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const { name } of CONTACT_FIELDS) {
      const value = control(form, name)?.value;
      if (value) dispatch({ type: 'edit', field: name, value });
    }
  }, []);

  // The button was disabled while sending, which drops keyboard focus: bring it to the outcome.
  useEffect(() => {
    if (!settledHere.current || state.status === 'sending') return;
    settledHere.current = false;
    if (state.status === 'success') successRef.current?.focus();
    if (state.status !== 'error' || !formRef.current) return;
    const firstInvalid = CONTACT_FIELDS.find((field) => state.errors[field.name]);
    (firstInvalid ? control(formRef.current, firstInvalid.name) : failureRef.current)?.focus();
  }, [state.status, state.errors]);

  const edit = (field: ContactFieldName, value: string) => dispatch({ type: 'edit', field, value });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const honeypot = control(form, HONEYPOT_FIELD)?.value ?? '';
    const attribution = fillAttribution(form);
    const values = state.values;
    dispatch({ type: 'submit' });
    const outcome = await settleNoSoonerThan(async () => {
      // The proof begun at the form's first focus; the page's own token when no fresh one came with it.
      const guard = await proof.fields();
      const formToken = guard.formToken || (control(form, FORM_TOKEN_FIELD)?.value ?? '');
      return sendContact(values, { honeypot, locale, attribution, guard: { ...guard, formToken } });
    });
    settledHere.current = true;
    dispatch({ type: 'settled', outcome });
  };

  return (
    <section className="contact-form card" id={CONTACT_FORM_ID} aria-labelledby="contact-form-title">
      <div className="contact-form__header">
        <h2 id="contact-form-title">{contactFormCopy.title}</h2>
        <p className="contact-form__intro">{contactFormCopy.intro}</p>
      </div>

      <div role="status" className="contact-form__status">
        {state.succeeded ? (
          <p ref={successRef} tabIndex={-1} className="contact-banner contact-banner--success">
            <Icon icon={CircleCheck} aria-hidden="true" className="contact-banner__icon" size={22} />
            <span>{contactFormCopy.success}</span>
          </p>
        ) : null}
      </div>
      {state.failure ? (
        <div ref={failureRef} tabIndex={-1} role="alert" className="contact-banner contact-banner--error">
          <Icon icon={CircleAlert} aria-hidden="true" className="contact-banner__icon" size={22} />
          <p>{failureMessage(state.failure)}</p>
        </div>
      ) : null}

      <form
        ref={formRef}
        className="contact-form__form"
        method="post"
        action={contactEndpoint(locale)}
        onFocus={proof.start}
        onSubmit={(event) => void submit(event)}
      >
        <p className="contact-form__required-note">{contactFormCopy.requiredNote}</p>
        <div className="contact-form__grid">
          {CONTACT_FIELDS.map((field) => (
            <ContactField
              key={field.name}
              field={field}
              value={state.values[field.name]}
              error={state.errors[field.name]}
              onChange={edit}
            />
          ))}
        </div>
        <AttributionField />
        <FormTokenField />
        {/* Robots fill every field; people never see this one. */}
        <div className="contact-form__trap visually-hidden" aria-hidden="true">
          <label htmlFor="contact-mlx-hp">{contactFormCopy.honeypot}</label>
          <input
            id="contact-mlx-hp"
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="contact-form__footer">
          <button type="submit" className="button button--primary contact-form__submit" disabled={sending}>
            {sending ? contactFormCopy.sending : contactFormCopy.submit}
            {sending ? (
              <Icon icon={LoaderCircle} aria-hidden="true" size={18} className="contact-form__spinner" />
            ) : (
              <Icon icon={Send} aria-hidden="true" size={18} />
            )}
          </button>
          <PrivacyNotice
            className="contact-form__privacy"
            icon={<Icon icon={Lock} aria-hidden="true" size={14} />}
            text={contactFormCopy.privacy}
          />
        </div>
      </form>
    </section>
  );
}
