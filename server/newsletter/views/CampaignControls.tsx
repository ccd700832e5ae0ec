import type { ConsoleUser } from '../../console/kit/ConsoleDocument';
import { CsrfField } from '../../console/kit/ConsoleDocument';
import type { campaignState } from './CampaignFigures';

/** One control's form: a post to its route under the campaign. */
function Control({ base, user, name, label }: { base: string; user: ConsoleUser; name: string; label: string }) {
  return (
    <form className="staff-form" method="post" action={`${base}/${name}`}>
      <CsrfField user={user} />
      <button
        className={name === 'cancel' ? 'staff-button staff-button--danger' : 'button button--secondary'}
        type="submit"
      >
        {label}
      </button>
    </form>
  );
}

/**
 * Pause, resume and cancel (decision 074), as the campaign's state allows; each takes effect within one batch:
 * what the mail server already holds still goes.
 */
export function CampaignControls({
  state,
  base,
  user,
}: {
  state: ReturnType<typeof campaignState>;
  base: string;
  user: ConsoleUser;
}) {
  if (state !== 'Scheduled' && state !== 'Sending' && state !== 'Paused') return null;
  return (
    <div className="staff-panel__head" role="group" aria-label="Campaign controls">
      {state === 'Paused' ? (
        <Control base={base} user={user} name="resume" label="Resume" />
      ) : (
        <Control base={base} user={user} name="pause" label="Pause" />
      )}
      <Control base={base} user={user} name="cancel" label="Cancel the campaign" />
    </div>
  );
}
