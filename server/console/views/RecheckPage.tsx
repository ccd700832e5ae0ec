import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { CsrfField } from '../kit/ConsoleDocument';
import { PasswordField } from '../kit/PasswordField';
import { SignInCard } from '../kit/SignInCard';

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
    <SignInCard
      {...{ assets, user, error }}
      id="recheck-title"
      eyebrow="Security"
      title="Confirm it is you"
      intro="Exports, roles, invitations and campaign sends ask for your password when you last typed it more than 10 minutes ago. Once it is right, what you asked for goes on."
    >
      <form className="staff-form" method="post" action={checkPath}>
        <CsrfField user={user} />
        <input type="hidden" name="recheck_next" value={action.next} />
        <input type="hidden" name="recheck_method" value={action.method} />
        {Object.entries(action.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="recheck_username" autoComplete="username" value={user.email} />
        <PasswordField id="recheck-password" name="recheck_password" label="Password" current />
        <button className="button button--primary staff-sign-in__submit" type="submit">
          Confirm and continue
        </button>
      </form>
    </SignInCard>
  );
}
