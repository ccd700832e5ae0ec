import { readAttribution } from '../../analytics/attribution';
import type { InboxLead } from '../inbox';
import { leadNotification } from '../texts';
import { Field } from './leadParts';

/** A touch as one line: "newsletter / email, nov" or "google.com". */
const touchText = ({
  source,
  medium,
  campaign,
  referrer,
}: {
  source: string;
  medium: string;
  campaign: string;
  referrer: string;
}) => [[source || referrer || '(direct)', medium].filter(Boolean).join(' / '), campaign].filter(Boolean).join(', ');

/** Where a lead's visit came from (decision 047), as the notification e-mail words it; the form's page at least. */
export function LeadSource({ lead }: { lead: Pick<InboxLead, 'attribution' | 'source'> }) {
  const attribution = readAttribution(lead.attribution);
  if (!attribution) return <Field label={leadNotification.source}>{leadNotification.notGiven}</Field>;
  return (
    <>
      <Field label={leadNotification.source}>
        {lead.source ? touchText(attribution.first) : leadNotification.notGiven}
      </Field>
      <Field label={leadNotification.lastTouch}>
        {lead.source ? touchText(attribution.last) : leadNotification.notGiven}
      </Field>
      <Field label={leadNotification.landing}>{attribution.first.landing || '—'}</Field>
      <Field label={leadNotification.formPage}>{attribution.formPage || '—'}</Field>
      <Field label={leadNotification.pagesSeen}>{attribution.pagesSeen}</Field>
    </>
  );
}
