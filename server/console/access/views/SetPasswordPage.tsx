import type { ConsoleAssets } from '../../kit/ConsoleDocument';
import { ConsoleDocument, Notice } from '../../kit/ConsoleDocument';
import { LabelledField } from '../../kit/LabelledField';
import { MAX_PASSWORD_LENGTH } from '../../passwords';
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
    <ConsoleDocument title={passwordCopy.setTitle} assets={assets}>
      <section className="staff-sign-in card" aria-labelledby="password-title">
        <p className="eyebrow">Staff console</p>
        <h1 id="password-title" className="staff-sign-in__title">
          {passwordCopy.setTitle}
        </h1>
        {error && <Notice tone="error">{error}</Notice>}
        {link ? (
          <>
            <p className="staff-muted">{passwordCopy.setIntro(link.email)}</p>
            <form className="staff-form" method="post" action="/staff/password">
              <input type="hidden" name="token" value={link.token} />
              {/* For password managers: the account the new password belongs to. */}
              <input type="hidden" name="username" autoComplete="username" value={link.email} />
              {(['password', 'repeat'] as const).map((name) => (
                <LabelledField
                  key={name}
                  id={`new-${name}`}
                  label={name === 'password' ? 'New password' : 'The same password again'}
                >
                  <input
                    className="contact-field__control"
                    id={`new-${name}`}
                    name={name}
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={12}
                    maxLength={MAX_PASSWORD_LENGTH}
                  />
                </LabelledField>
              ))}
              <button className="button button--primary staff-sign-in__submit" type="submit">
                Set the password
              </button>
            </form>
          </>
        ) : (
          <p>
            <a href="/staff/forgot">Ask for a new link</a>
          </p>
        )}
      </section>
    </ConsoleDocument>
  );
}
