import type { Locale } from '../../../shared/lib/locale';
import { locales } from '../../../shared/lib/locale';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabTime } from '../../console/kit/LabTime';
import { languageNames } from '../../lib/languageNames';
import type { Campaign } from '../campaignStore';

interface CampaignConfirmPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  campaign: Campaign;
  /** The form's own value, posted again as it was typed. */
  at: string;
  sendAt: string;
  /** The one language it goes to; undefined for all. */
  only?: Locale;
  /** The languages the article has no version in: their readers get the English one. */
  fallbacks: readonly Locale[];
  counts: Record<Locale, number>;
  ratePerMinute: number;
}

/** The step before sending: when, to how many in each language, how long it takes; one button to go. */
export function CampaignConfirmPage({
  assets,
  user,
  campaign,
  at,
  sendAt,
  only,
  fallbacks,
  counts,
  ratePerMinute,
}: CampaignConfirmPageProps) {
  const going: readonly Locale[] = only ? [only] : locales;
  const total = going.reduce((sum, locale) => sum + counts[locale], 0);
  const minutes = Math.ceil(total / ratePerMinute);
  const base = `/staff/newsletter/${campaign.id}`;
  return (
    <ConsoleDocument title="Confirm sending" assets={assets} user={user} section="newsletter">
      <p className="staff-back">
        <a href={base}>Back to the campaign</a>
      </p>
      <ConsoleHeading eyebrow={`Campaign ${campaign.id}`} title="Confirm sending">
        <p className="staff-muted">
          “{campaign.content.en.subject}” goes {at ? <LabTime iso={sendAt} /> : 'now'}, to every subscriber confirmed at
          that moment{only ? ` who reads in ${languageNames[only]}` : ''}.
        </p>
      </ConsoleHeading>
      {going
        .filter((locale) => fallbacks.includes(locale))
        .map((locale) => (
          <Notice key={locale} tone="error">
            The article has no {languageNames[locale]} version: readers in {languageNames[locale]} would get the English
            title, summary and article. Translate it first, or send to the other language only.
          </Notice>
        ))}
      <section className="staff-panel card" aria-labelledby="recipients-title">
        <h2 id="recipients-title">Recipients today</h2>
        <ul className="staff-stats" aria-label="Recipients by language">
          {going.map((locale) => (
            <li key={locale} className="staff-stat card">
              <span className="staff-stat__value">{counts[locale]}</span>
              <span className="staff-stat__label">in {languageNames[locale]}</span>
            </li>
          ))}
        </ul>
        <p className="staff-muted">
          {total} in all. At {ratePerMinute} per minute, sending takes about {minutes} minute{minutes === 1 ? '' : 's'}.
          Anyone who leaves the list before their turn is skipped.
        </p>
        <form className="staff-form" method="post" action={`${base}/schedule`}>
          <CsrfField user={user} />
          <input type="hidden" name="at" value={at} />
          {only && <input type="hidden" name="only" value={only} />}
          <button className="button button--primary" type="submit">
            {at ? 'Schedule' : 'Send now'} to {total} subscriber{total === 1 ? '' : 's'}
          </button>
        </form>
      </section>
    </ConsoleDocument>
  );
}
