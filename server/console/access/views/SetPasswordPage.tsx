import type { ConsoleAssets } from '../../kit/ConsoleDocument';
import { PasswordField } from '../../kit/PasswordField';
import { SignInCard } from '../../kit/SignInCard';
import { passwordCopy } from '../texts';

interface SetPasswordPageProps {
  assets: ConsoleAssets;
  /** The link's token and its account's address; none when the link opens nothing. */
  link?: { token: string; email: string };
  error?: string;
}

/** Where an invitation or a reset link lands: the new password, twice; or why the link no longer works. */
export function SetPasswordPage({ assets, link, error }: SetPasswordPageProps) {
  return (
    <SignInCard
      {...{ assets, error }}
      id="password-title"
      title={passwordCopy.setTitle}
      intro={link && passwordCopy.setIntro(link.email)}
    >
      {link ? (
        <form className="staff-form" method="post" action="/staff/password">
          <input type="hidden" name="token" value={link.token} />
          {/* For password managers: the account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={link.email} />
          {(['password', 'repeat'] as const).map((name) => (
            <PasswordField
              key={name}
              id={`new-${name}`}
              name={name}
              label={name === 'password' ? 'New password' : 'The same password again'}
              current={false}
            />
          ))}
          <button className="button button--primary staff-sign-in__submit" type="submit">
            Set the password
          </button>
        </form>
      ) : (
        <p>
          <a href="/staff/forgot">Ask for a new link</a>
        </p>
      )}
    </SignInCard>
  );
}
