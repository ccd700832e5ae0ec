import type { ConsoleAssets } from '../../kit/ConsoleDocument';
import { ConsoleDocument, Notice } from '../../kit/ConsoleDocument';
import { OwnEmailField } from '../../kit/EmailField';
import { passwordCopy } from '../texts';

interface ForgotPageProps {
  assets: ConsoleAssets;
  /** What was typed, kept after a refusal. */
  email?: string;
  error?: string;
  info?: string;
}

/** Asks for a reset link: open without a session, a plain form (no script). */
export function ForgotPage({ assets, email = '', error, info }: ForgotPageProps) {
  return (
    <ConsoleDocument title={passwordCopy.forgotTitle} assets={assets}>
      <section className="staff-sign-in card" aria-labelledby="forgot-title">
        <p className="eyebrow">Staff console</p>
        <h1 id="forgot-title" className="staff-sign-in__title">
          {passwordCopy.forgotTitle}
        </h1>
        <p className="staff-muted">{passwordCopy.forgotIntro}</p>
        {error && <Notice tone="error">{error}</Notice>}
        {info && <Notice tone="success">{info}</Notice>}
        <form className="staff-form" method="post" action="/staff/forgot">
          <OwnEmailField id="forgot-email" value={email} />
          <button className="button button--primary staff-sign-in__submit" type="submit">
            Send the link
          </button>
        </form>
        <p>
          <a href="/staff/sign-in">Back to sign in</a>
        </p>
      </section>
    </ConsoleDocument>
  );
}
