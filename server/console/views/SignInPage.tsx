import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { ConsoleDocument, Notice } from '../kit/ConsoleDocument';
import { OwnEmailField } from '../kit/EmailField';
import { LabelledField } from '../kit/LabelledField';
import { signInCopy } from '../texts';

interface SignInPageProps {
  assets: ConsoleAssets;
  /** What was typed, kept after a refusal (never the password). */
  email?: string;
  error?: string;
  info?: string;
  /** The console page to return to after signing in. */
  next?: string;
}

/** The only console page open without a session. */
export function SignInPage({ assets, email = '', error, info, next }: SignInPageProps) {
  return (
    <ConsoleDocument title={signInCopy.title} assets={assets}>
      <section className="staff-sign-in card" aria-labelledby="sign-in-title">
        <p className="eyebrow">Staff console</p>
        <h1 id="sign-in-title" className="staff-sign-in__title">
          {signInCopy.title}
        </h1>
        <p className="staff-muted">{signInCopy.intro}</p>
        {error && <Notice tone="error">{error}</Notice>}
        {info && <Notice tone="success">{info}</Notice>}
        <form className="staff-form" method="post" action="/staff/sign-in">
          {next && <input type="hidden" name="next" value={next} />}
          <OwnEmailField id="sign-in-email" value={email} />
          <LabelledField id="sign-in-password" label="Password">
            <input
              className="contact-field__control"
              id="sign-in-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={256}
            />
          </LabelledField>
          <button className="button button--primary staff-sign-in__submit" type="submit">
            Sign in
          </button>
        </form>
        <p>
          <a href="/staff/forgot">Forgot password?</a>
        </p>
      </section>
    </ConsoleDocument>
  );
}
