import type { ConsoleAssets } from '../kit/ConsoleDocument';
import { OwnEmailField } from '../kit/EmailField';
import { PasswordField } from '../kit/PasswordField';
import { SignInCard } from '../kit/SignInCard';
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
    <SignInCard {...{ assets, error, info }} id="sign-in-title" title={signInCopy.title} intro={signInCopy.intro}>
      <form className="staff-form" method="post" action="/staff/sign-in">
        {next && <input type="hidden" name="next" value={next} />}
        <OwnEmailField id="sign-in-email" value={email} />
        <PasswordField id="sign-in-password" name="password" label="Password" current />
        <button className="button button--primary staff-sign-in__submit" type="submit">
          Sign in
        </button>
      </form>
      <p>
        <a href="/staff/forgot">Forgot password?</a>
      </p>
    </SignInCard>
  );
}
