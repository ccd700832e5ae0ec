import MailCheck from 'lucide/dist/esm/icons/mail-check.mjs';
import type { ReactNode } from 'react';

import type { Catalogue } from '../../content/i18n/types';
import { Icon } from '../Icon';
import { Link } from '../Link';
import { useLocale } from '../useLocale';

interface AskCopy {
  title: string;
  text: string;
  note: string;
  button: string;
}

function Card({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="newsletter-step" aria-labelledby="page-title">
      <div className="container">
        <div className="newsletter-step__card">
          <span className="newsletter-step__icon" aria-hidden="true">
            <Icon icon={MailCheck} size={24} />
          </span>
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="page-title" className="newsletter-step__title">
            {title}
          </h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/**
 * The step a link asks for: one button posting the link's token. A plain form,
 * so it works without JavaScript, and a click, so a mail scanner that opens
 * links cannot take the step for the reader.
 */
export function NewsletterAsk({
  eyebrow,
  copy,
  action,
  fields,
}: {
  eyebrow: string;
  copy: AskCopy;
  action: string;
  fields: Record<string, string>;
}) {
  return (
    <Card eyebrow={eyebrow} title={copy.title}>
      <p className="newsletter-step__text">{copy.text}</p>
      <form className="newsletter-step__form" method="post" action={action}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button className="button button--primary" type="submit">
          {copy.button}
        </button>
      </form>
      <p className="newsletter-step__note">{copy.note}</p>
    </Card>
  );
}

/** Where a step ended (or a page opened without its link's token): what happened and the way on. */
export function NewsletterOutcome({
  eyebrow,
  notice,
}: {
  eyebrow: string;
  notice: Catalogue['newsletterConfirm']['missing'];
}) {
  const { localize } = useLocale();
  return (
    <Card eyebrow={eyebrow} title={notice.title}>
      <p className="newsletter-step__text">{notice.text}</p>
      <div className="newsletter-step__actions">
        <Link to={localize(notice.link.href)} className="button button--secondary">
          {notice.link.label}
        </Link>
      </div>
    </Card>
  );
}
