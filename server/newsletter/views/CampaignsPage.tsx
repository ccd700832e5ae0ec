import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { CountPanel } from '../../console/kit/CountPanel';
import { CursorPagination } from '../../console/kit/CursorPagination';
import { LabTime } from '../../console/kit/LabTime';
import { SelectField } from '../../console/kit/SelectField';
import { StackTable } from '../../console/kit/StackTable';
import type { BouncedAddress, Campaign, CampaignFigures } from '../campaignStore';
import { campaignState } from './CampaignFigures';

interface CampaignsPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** A page of them, newest first, how many there are, and the newer and older pages' links (decision 091). */
  campaigns: { campaign: Campaign; figures: CampaignFigures }[];
  total: number;
  pages: { previousHref: string | null; nextHref: string | null };
  articles: { id: number; title: string; date: string }[];
  bounced: BouncedAddress[];
  /** While the lab's legal identity is incomplete: the settings missing, and the e-mails to readers waiting. */
  held?: { missing: readonly string[]; waiting: number };
  error?: string;
}

/** The newsletter's campaigns with their figures, a new campaign, and the addresses that bounced. */
export function CampaignsPage(props: CampaignsPageProps) {
  const { assets, user, campaigns, total, articles, bounced, held, error } = props;
  return (
    <ConsoleDocument title="Newsletter" assets={assets} user={user} section="newsletter">
      <ConsoleHeading eyebrow="Newsletter" title="Campaigns">
        <p className="staff-muted">
          Each confirmed subscriber gets a campaign once, in their language, with their own unsubscribe link.
        </p>
      </ConsoleHeading>
      {held && (
        <Notice tone="error">
          {`No confirmation or campaign e-mail goes out while the lab’s legal identity is incomplete (${held.missing.join(', ')} not set): CASL and CAN-SPAM require its legal name and postal address in each. ${held.waiting} ${held.waiting === 1 ? 'e-mail waits' : 'e-mails wait'} in the outbox; they go out once every setting is given and the site restarted.`}
        </Notice>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <section className="staff-panel card" aria-labelledby="new-title">
        <h2 id="new-title">New campaign</h2>
        <div className="staff-stack">
          <p className="staff-muted">
            A campaign announces one published article, with a short note from the lab if you like: readers agreed to
            new articles and nothing else.
          </p>
          {articles.length > 0 && (
            <form className="staff-form" method="post" action="/staff/newsletter">
              <CsrfField user={user} />
              <SelectField
                id="new-article"
                name="article"
                label="From a published article"
                options={articles.map((article) => [String(article.id), `${article.title} (${article.date})`] as const)}
              />
              <button className="button button--primary" type="submit">
                Create from article
              </button>
            </form>
          )}
        </div>
      </section>
      <CountPanel id="campaigns-title" title="Campaigns" count={total}>
        {campaigns.length === 0 ? (
          <p className="staff-muted">No campaigns yet.</p>
        ) : (
          <StackTable
            labelledBy="campaigns-title"
            columns={['Subject', 'State', 'Recipients', 'Delivered', 'Failed', 'Unsubscribes']}
          >
            {campaigns.map(({ campaign, figures }) => (
              <tr key={campaign.id}>
                <td data-label="Subject">
                  <a href={`/staff/newsletter/${campaign.id}`}>
                    {campaign.content.en.subject || `Campaign ${campaign.id}`}
                  </a>
                </td>
                <td data-label="State">
                  {campaignState(campaign, figures)}
                  {campaign.sendAt && (
                    <>
                      , <LabTime iso={campaign.sendAt} />
                    </>
                  )}
                </td>
                <td data-label="Recipients">{figures.recipients}</td>
                <td data-label="Delivered">{figures.sent}</td>
                <td data-label="Failed">{figures.failed}</td>
                <td data-label="Unsubscribes">{campaign.unsubscribes}</td>
              </tr>
            ))}
          </StackTable>
        )}
        <CursorPagination label="Pages of campaigns" {...props.pages} />
      </CountPanel>
      <CountPanel id="bounced-title" title="Bounced addresses" count={bounced.length}>
        <p className="staff-muted">
          Refused for good by their mail server (a 5xx answer) or reported by the provider. From the limit on, campaigns
          skip them.
        </p>
        {bounced.length > 0 && (
          <StackTable labelledBy="bounced-title" columns={['E-mail', 'Hard bounces', 'Last']}>
            {bounced.map((address) => (
              <tr key={address.email}>
                <td data-label="E-mail">{address.email}</td>
                <td data-label="Hard bounces">{address.hardBounces}</td>
                <td data-label="Last">
                  <LabTime iso={address.bouncedAt} />
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </CountPanel>
    </ConsoleDocument>
  );
}
