import type { Campaign, CampaignFigures } from '../campaignStore';

/** A campaign's figures at a glance: its recipients' messages by state, the rate, and unsubscribes from it. */
export function CampaignFigureList({
  figures,
  unsubscribes,
  cancelled,
}: {
  figures: CampaignFigures;
  unsubscribes: number;
  cancelled: boolean;
}) {
  const items: [string, number][] = [
    ['Recipients so far', figures.recipients],
    [cancelled ? 'Left without it (cancelled)' : 'Not queued yet', figures.unsent],
    ['Queued', figures.queued],
    ['Delivered to the mail server', figures.sent],
    ['Failed', figures.failed],
    ['Bounced (the address refused)', figures.bounced],
    ['Skipped (left the list first)', figures.skipped],
    ['Sent in the last minute', figures.sentLastMinute],
    ['Unsubscribes from it', unsubscribes],
  ];
  return (
    <ul className="staff-stats" aria-label="Campaign figures">
      {items.map(([label, value]) => (
        <li key={label} className={`staff-stat card${label === 'Failed' && value > 0 ? ' staff-stat--alert' : ''}`}>
          <span className="staff-stat__value">{value}</span>
          <span className="staff-stat__label">{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where a campaign stands, in words. */
export function campaignState(
  { status, queuedAt, pausedAt, cancelledAt }: Campaign,
  figures: CampaignFigures,
): 'Draft' | 'Cancelled' | 'Paused' | 'Scheduled' | 'Sending' | 'Sent' {
  if (status === 'draft') return 'Draft';
  if (cancelledAt !== null) return 'Cancelled';
  if (pausedAt !== null) return 'Paused';
  if (status === 'scheduled') return 'Scheduled';
  // Sent once every reader is queued and no message waits.
  return queuedAt === null || figures.queued > 0 ? 'Sending' : 'Sent';
}
