import type { ConsoleAssets, ConsoleUser } from '../kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading } from '../kit/ConsoleDocument';

/** A console URL with nothing behind it, for a signed-in staff member. */
export function NotFoundPage({ assets, user, message }: { assets: ConsoleAssets; user: ConsoleUser; message: string }) {
  return (
    <ConsoleDocument title="Not found" assets={assets} user={user}>
      <ConsoleHeading eyebrow="Error 404" title="Not found">
        <p className="staff-muted">{message}</p>
      </ConsoleHeading>
      <a className="button button--primary" href="/staff/leads">
        Back to the leads
      </a>
    </ConsoleDocument>
  );
}
