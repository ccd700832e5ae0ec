import CircleAlert from 'lucide/dist/esm/icons/circle-alert.mjs';
import CircleCheck from 'lucide/dist/esm/icons/circle-check.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';

import type { CategoryValue, SubscribeOutcome } from '../../content/blog';
import { NEWSLETTER_ANCHOR } from '../../content/newsletter';
import { localeAction } from '../../lib/formAction';
import { FORM_TOKEN_FIELD } from '../../lib/formGuard';
import { fillAttribution } from '../../lib/visit';
import { isSubscribeSuccess, SUBSCRIBE_ENDPOINT } from '../../model/blog';
import { AttributionField } from '../AttributionField';
import { FormTokenField } from '../FormTokenField';
import { Icon } from '../Icon';
import { PrivacyNotice } from '../PrivacyNotice';
import { useFormProof } from '../useFormProof';
import { useLocale } from '../useLocale';
import { sendSubscription } from './sendSubscription';

const MESSAGE_ID = 'newsletter-message';

/**
 * "Stay Updated": a real form posting to /api/subscribe (the server redirects
 * back here with ?subscribe=…); with JavaScript it sends JSON and answers inline.
 * The page's language rides in the action (?locale=): the confirmation e-mail
 * and the way back are in it.
 */
export function NewsletterBox({ category, returned }: { category: CategoryValue; returned: SubscribeOutcome | null }) {
  const { catalogue, locale } = useLocale();
  const { newsletter } = catalogue.blog;
  const action = localeAction(SUBSCRIBE_ENDPOINT, locale);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SubscribeOutcome | null>(null);
  const shown = outcome ?? returned;
  const success = shown ? isSubscribeSuccess(shown) : false;
  const proof = useFormProof('newsletter');
  const input = useRef<HTMLInputElement>(null);

  // An address typed before the page came alive (the focus that woke it, decision 100) stays: the field takes it over.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const form = event.currentTarget;
    const attribution = fillAttribution(form);
    // The proof begun at the form's first focus; the page's own token when no fresh one came with it.
    const guard = await proof.fields();
    const pageToken = form.elements.namedItem(FORM_TOKEN_FIELD);
    const formToken = guard.formToken || (pageToken instanceof HTMLInputElement ? pageToken.value : '');
    const result = await sendSubscription(action, email, category, attribution, { ...guard, formToken });
    setOutcome(result);
    // A new address is done with; on a problem the reader corrects what they typed.
    if (isSubscribeSuccess(result)) setEmail('');
    setSending(false);
  }

  return (
    <section id={NEWSLETTER_ANCHOR} className="blog-panel blog-newsletter" aria-labelledby="newsletter-title">
      <span className="blog-newsletter__icon" aria-hidden="true">
        <Icon icon={Mail} size={20} />
      </span>
      <h2 id="newsletter-title" className="blog-panel__title blog-newsletter__title">
        {newsletter.title}
      </h2>
      <p className="blog-newsletter__text">{newsletter.text}</p>
      <form className="blog-newsletter__form" method="post" action={action} onFocus={proof.start} onSubmit={submit}>
        <input type="hidden" name="category" value={category} />
        <AttributionField />
        <FormTokenField />
        <label className="blog-newsletter__label" htmlFor="newsletter-email">
          {newsletter.label}
        </label>
        <input
          ref={input}
          id="newsletter-email"
          className="blog-newsletter__input"
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={newsletter.placeholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={shown && !success ? true : undefined}
          aria-describedby={shown ? MESSAGE_ID : undefined}
        />
        <button className="button button--primary blog-newsletter__button" type="submit" disabled={sending}>
          {sending ? newsletter.sending : newsletter.button}
        </button>
      </form>
      <PrivacyNotice className="blog-newsletter__notice" text={newsletter.notice} />
      <div role="status">
        {shown && success ? (
          <p id={MESSAGE_ID} className="blog-newsletter__message blog-newsletter__message--success">
            <Icon icon={CircleCheck} aria-hidden="true" size={18} />
            <span>{newsletter.messages[shown]}</span>
          </p>
        ) : null}
      </div>
      <div role="alert">
        {shown && !success ? (
          <p id={MESSAGE_ID} className="blog-newsletter__message blog-newsletter__message--error">
            <Icon icon={CircleAlert} aria-hidden="true" size={18} />
            <span>{newsletter.messages[shown]}</span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
