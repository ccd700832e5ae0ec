import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../kit/ConsoleDocument';
import { twoFactorCopy } from '../texts';
import { CodeField } from './CodeField';
import { SetUpPanel } from './SetUpPanel';

interface SecondStepPageProps {
  assets: ConsoleAssets;
  /** The pending session's person: no sections yet, sign-out only. */
  user: ConsoleUser;
  /** The secret to set up when two factors are required and the person has none yet; else the code form. */
  setUpSecret?: string;
  error?: string;
  /** The console page to return to once signed in (from the sign-in, carried through this step). */
  next?: string;
}

/** The only console page a pending session opens: the code, or the set-up everyone must do first. */
export function SecondStepPage({ assets, user, setUpSecret, error, next }: SecondStepPageProps) {
  const query = next ? `?${new URLSearchParams({ next }).toString()}` : '';
  return (
    <ConsoleDocument title={twoFactorCopy.stepTitle} assets={assets} user={user}>
      <ConsoleHeading eyebrow="Sign in" title={twoFactorCopy.stepTitle}>
        <p className="staff-muted">{setUpSecret ? twoFactorCopy.requiredIntro : twoFactorCopy.stepIntro}</p>
      </ConsoleHeading>
      {error && <Notice tone="error">{error}</Notice>}
      {setUpSecret ? (
        <SetUpPanel user={user} secret={setUpSecret} action={`/staff/second-step/set-up${query}`} />
      ) : (
        <section className="staff-panel card" aria-labelledby="code-title">
          <h2 id="code-title">Your code</h2>
          <form className="staff-form" method="post" action={`/staff/second-step${query}`}>
            <CsrfField user={user} />
            <CodeField id="second-step-code" label={twoFactorCopy.stepCodeLabel} recovery />
            <button className="button button--primary" type="submit">
              Continue
            </button>
          </form>
        </section>
      )}
    </ConsoleDocument>
  );
}
