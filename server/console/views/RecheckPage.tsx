import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../kit/ConsoleDocument';
import { LabelledField } from '../kit/LabelledField';
import { MAX_PASSWORD_LENGTH } from '../passwords';

/** What the check page carries: where to go on, how, and the action's fields (its CSRF field the page's own). */
export interface PendingAction {
  next: string;
  method: 'get' | 'post';
  fields: Readonly<Record<string, string>>;
}

interface RecheckPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The check's route, which the form posts to. */
  checkPath: string;
  /** The action that asked, carried through the form: it goes on once the password is right. */
  action: PendingAction;
  error?: string;
}

/** Asks for the password again before a dangerous action, keeping the action's form in hidden fields (no script). */
export function RecheckPage({ assets, user, checkPath, action, error }: RecheckPageProps) {
  return (
    <ConsoleDocument title="Confirm it is you" assets={assets} user={user}>
      <ConsoleHeading eyebrow="Security" title="Confirm it is you">
        <p className="staff-muted">
          Exports, roles, invitations and campaign sends ask for your password when you last typed it more than 10
          minutes ago. Once it is right, what you asked for goes on.
        </p>
      </ConsoleHeading>
      {error && <Notice tone="error">{error}</Notice>}
      <section className="staff-panel card" aria-labelledby="recheck-title">
        <h2 id="recheck-title">Your password</h2>
        <form className="staff-form" method="post" action={checkPath}>
          <CsrfField user={user} />
          <input type="hidden" name="recheck_next" value={action.next} />
          <input type="hidden" name="recheck_method" value={action.method} />
          {Object.entries(action.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="recheck_username" autoComplete="username" value={user.email} />
          <LabelledField id="recheck-password" label="Password">
            <input
              className="contact-field__control"
              id="recheck-password"
              name="recheck_password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </LabelledField>
          <button className="button button--primary" type="submit">
            Confirm and continue
          </button>
        </form>
      </section>
    </ConsoleDocument>
  );
}
