import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../kit/ConsoleDocument';

/** A console URL with nothing behind it, for a signed-in staff member. */
export function NotFoundPage({ assets, user, message }: { assets: ConsoleAssets; user: ConsoleUser; message: string }) {
  return (
    <ConsoleDocument title="Not found" assets={assets} user={user}>
      <ConsoleHeading eyebrow="Error 404" title="Not found">
        <p className="staff-muted">{message}</p>
      </ConsoleHeading>
      {user.nav[0] && (
        <a className="button button--primary" href={user.nav[0].href}>
          Back to {user.nav[0].label.toLowerCase()}
        </a>
      )}
    </ConsoleDocument>
  );
}
