import type { ConsoleAssets, ConsoleUser } from '../../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, Notice } from '../../kit/ConsoleDocument';
import { twoFactorCopy } from '../texts';

interface RecoveryCodesPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  codes: readonly string[];
  /** Where the person goes on from here. */
  next: { href: string; label: string };
}

/** The recovery codes, once: the answer to the post that turned two-factor sign-in on, never a page to return to. */
export function RecoveryCodesPage({ assets, user, codes, next }: RecoveryCodesPageProps) {
  return (
    <ConsoleDocument title={twoFactorCopy.codesTitle} assets={assets} user={user}>
      <ConsoleHeading eyebrow="Two-factor sign-in" title={twoFactorCopy.codesTitle} />
      <Notice tone="success">{twoFactorCopy.codesIntro}</Notice>
      <section className="staff-panel card" aria-labelledby="codes-title">
        <h2 id="codes-title">Ten codes, each good once</h2>
        <ol className="staff-two-factor__codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <a className="button button--primary" href={next.href}>
          {next.label}
        </a>
      </section>
    </ConsoleDocument>
  );
}
