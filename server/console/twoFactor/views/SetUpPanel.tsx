import type { ConsoleUser } from '../../kit/ConsoleDocument';
import { CsrfField } from '../../kit/ConsoleDocument';
import { qrCodeDataUrl } from '../qrCode';
import { twoFactorCopy } from '../texts';
import { groupedSecret, totpUri } from '../totp';
import { CodeField } from './CodeField';

interface SetUpPanelProps {
  user: ConsoleUser;
  secret: string;
  /** Where the first code is posted. */
  action: string;
}

/** The QR code with its secret written beside it (no script, no camera needed), and the field for a first code. */
export function SetUpPanel({ user, secret, action }: SetUpPanelProps) {
  return (
    <section className="staff-panel card" aria-labelledby="set-up-title">
      <h2 id="set-up-title">{twoFactorCopy.setUpTitle}</h2>
      <p className="staff-muted">{twoFactorCopy.setUpIntro}</p>
      <div className="staff-two-factor">
        <img
          className="staff-two-factor__qr"
          src={qrCodeDataUrl(totpUri(secret, user.email))}
          alt={twoFactorCopy.qrAlt}
          width={200}
          height={200}
        />
        <dl className="staff-two-factor__secret">
          <dt>{twoFactorCopy.secretLabel}</dt>
          <dd>
            <code id="totp-secret" data-secret={secret}>
              {groupedSecret(secret)}
            </code>
          </dd>
          <dt>Kind</dt>
          <dd>Time-based (TOTP), six digits, every 30 seconds</dd>
        </dl>
      </div>
      <form className="staff-form" method="post" action={action}>
        <CsrfField user={user} />
        <CodeField id="set-up-code" label={twoFactorCopy.codeLabel} />
        <button className="button button--primary" type="submit">
          Turn on two-factor sign-in
        </button>
      </form>
    </section>
  );
}
