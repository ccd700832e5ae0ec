import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../kit/ConsoleDocument';
import type { TwoFactorStatus } from '../store';
import { twoFactorCopy } from '../texts';
import { CodeField } from './CodeField';
import { SetUpPanel } from './SetUpPanel';

interface AccountPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  status: TwoFactorStatus;
  /** Whether an owner requires two factors for everyone. */
  required: boolean;
  /** The secret of a set-up under way, to show with its QR code. */
  setUpSecret?: string;
  notice?: string;
  error?: string;
}

/** A person's own account: their two-factor sign-in, set up or turned off with a current code. */
export function AccountPage({ assets, user, status, required, setUpSecret, notice, error }: AccountPageProps) {
  return (
    <ConsoleDocument title={twoFactorCopy.accountTitle} assets={assets} user={user}>
      <ConsoleHeading eyebrow="Account" title={user.name}>
        <p className="staff-muted">{user.email}</p>
      </ConsoleHeading>
      {notice && <Notice tone="success">{notice}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <p>
        <a className="staff-link" href="/staff/sessions">
          Your sessions
        </a>
        : where you are signed in, and ending any of them.
      </p>
      {setUpSecret ? (
        <SetUpPanel user={user} secret={setUpSecret} action="/staff/account/two-factor/confirm" />
      ) : (
        <section className="staff-panel card" aria-labelledby="two-factor-title">
          <h2 id="two-factor-title">Two-factor sign-in</h2>
          <p>{status.on ? twoFactorCopy.on(status.recoveryCodesLeft) : twoFactorCopy.off}</p>
          {!status.on && (
            <form className="staff-form" method="post" action="/staff/account/two-factor">
              <CsrfField user={user} />
              <button className="button button--primary" type="submit">
                Set up two-factor sign-in
              </button>
            </form>
          )}
          {status.on && required && <p className="staff-muted">{twoFactorCopy.offRequired}</p>}
          {status.on && !required && (
            <form className="staff-form" method="post" action="/staff/account/two-factor/off">
              <CsrfField user={user} />
              <p className="staff-muted">{twoFactorCopy.turnOffIntro}</p>
              <CodeField id="turn-off-code" label={twoFactorCopy.codeLabel} />
              <button className="staff-button" type="submit">
                Turn off two-factor sign-in
              </button>
            </form>
          )}
        </section>
      )}
    </ConsoleDocument>
  );
}
