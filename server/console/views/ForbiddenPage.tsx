import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../kit/ConsoleDocument';
import { consoleCopy } from '../texts';

/** A console page or action the signed-in person's role does not allow (decision 069): it shows nothing of it. */
export function ForbiddenPage({ assets, user }: { assets: ConsoleAssets; user: ConsoleUser }) {
  const home = user.nav[0];
  return (
    <ConsoleDocument title="Not allowed" assets={assets} user={user}>
      <ConsoleHeading eyebrow="Error 403" title="Not allowed">
        <p className="staff-muted">{consoleCopy.forbidden}</p>
      </ConsoleHeading>
      {home && (
        <a className="button button--primary" href={home.href}>
          Back to {home.label.toLowerCase()}
        </a>
      )}
    </ConsoleDocument>
  );
}
