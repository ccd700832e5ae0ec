import type { ConsoleAssets } from '../../kit/ConsoleDocument';
import { OwnEmailField } from '../../kit/EmailField';
import { SignInCard } from '../../kit/SignInCard';
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
    <SignInCard
      {...{ assets, error, info }}
      id="forgot-title"
      title={passwordCopy.forgotTitle}
      intro={passwordCopy.forgotIntro}
    >
      <form className="staff-form" method="post" action="/staff/forgot">
        <OwnEmailField id="forgot-email" value={email} />
        <button className="button button--primary staff-sign-in__submit" type="submit">
          Send the link
        </button>
      </form>
      <p>
        <a href="/staff/sign-in">Back to sign in</a>
      </p>
    </SignInCard>
  );
}
