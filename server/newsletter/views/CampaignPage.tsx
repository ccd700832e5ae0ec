import type { Locale } from '../../../shared/lib/locale';
import { locales } from '../../../shared/lib/locale';
import type { CampaignClicks } from '../../analytics/campaignClicks';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import { languageNames } from '../../lib/languageNames';
import type { CampaignContent } from '../campaignMail';
import { NOTE_LIMIT } from '../campaignNote';
import type { Campaign, CampaignFigures } from '../campaignStore';
import { CampaignClicksPanel } from './CampaignClicksPanel';
import { CampaignFigureList, campaignState } from './CampaignFigures';

export interface CampaignNotice {
  tone: 'success' | 'error';
  text: string;
}

interface CampaignPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  campaign: Campaign;
  /** The notes in the form: the campaign's, or what was typed when they were refused. */
  notes: Record<Locale, string>;
  figures: CampaignFigures;
  /** Once it has gone out: the visits its links brought. */
  clicks?: CampaignClicks;
  notice?: CampaignNotice;
}

/**
 * One language: the article's subject and preview as they go (read only), and the lab's note above it, the one
 * part staff write (decision 067). A draft from before has no article: its text is shown as it stays.
 */
function LanguageFieldsFor({
  locale,
  content,
  note,
  editable,
  base,
}: {
  locale: Locale;
  content: CampaignContent;
  note: string;
  editable: boolean;
  base: string;
}) {
  const id = (part: string) => `${part}-${locale}`;
  return (
    <fieldset className="staff-form staff-fieldset">
      <legend>{languageNames[locale]}</legend>
      <dl className="staff-fields">
        <dt>Subject (the article&rsquo;s title)</dt>
        <dd>{content.subject}</dd>
        <dt>Preview text (its summary)</dt>
        <dd>{content.preview}</dd>
      </dl>
      <LabelledField
        id={id('note')}
        label={`Note above the article (optional; plain words, no links, up to ${NOTE_LIMIT} characters)`}
      >
        <textarea
          className="contact-field__control contact-field__control--area"
          id={id('note')}
          name={`note_${locale}`}
          rows={4}
          defaultValue={note}
          maxLength={NOTE_LIMIT}
          readOnly={!editable}
        />
      </LabelledField>
      <p className="staff-muted">
        Preview: <a href={`${base}/preview/${locale}.html`}>HTML</a> ·{' '}
        <a href={`${base}/preview/${locale}.txt`}>plain text</a>
      </p>
    </fieldset>
  );
}

/** One campaign: a draft's form, test and schedule; then its progress and figures. */
export function CampaignPage({ assets, user, campaign, notes, figures, clicks, notice }: CampaignPageProps) {
  const sent = campaign.status !== 'draft';
  // A draft from before decision 067 announces no article: kept to read, never to send.
  const editable = !sent && campaign.articleId !== null;
  const base = `/staff/newsletter/${campaign.id}`;
  const title = campaign.content.en.subject || `Campaign ${campaign.id}`;
  return (
    <ConsoleDocument title={title} assets={assets} user={user} section="newsletter">
      <p className="staff-back">
        <a href="/staff/newsletter">All campaigns</a>
      </p>
      <ConsoleHeading eyebrow={`Campaign ${campaign.id}`} title={title}>
        <p className="staff-muted">
          {campaignState(campaign, figures)}
          {campaign.sendAt && (
            <>
              {' '}
              · {campaign.status === 'scheduled' ? 'goes' : 'went'} <LabTime iso={campaign.sendAt} />
            </>
          )}
        </p>
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {sent && (
        <section className="staff-panel card" aria-labelledby="progress-title">
          <div className="staff-panel__head">
            <h2 id="progress-title">Progress</h2>
            <a className="button button--secondary" href={base}>
              Refresh
            </a>
          </div>
          <CampaignFigureList figures={figures} unsubscribes={campaign.unsubscribes} />
        </section>
      )}
      {sent && clicks && <CampaignClicksPanel clicks={clicks} />}
      <section className="staff-panel card" aria-labelledby="content-title">
        <h2 id="content-title">{editable ? 'Write' : sent ? 'What was sent' : 'Its text, which cannot be sent'}</h2>
        <form className="staff-form" method="post" action={base}>
          <CsrfField user={user} />
          {locales.map((locale) => (
            <LanguageFieldsFor
              key={locale}
              locale={locale}
              content={campaign.content[locale]}
              note={notes[locale]}
              editable={editable}
              base={base}
            />
          ))}
          {editable && (
            <button className="button button--primary" type="submit">
              Save draft
            </button>
          )}
        </form>
      </section>
      {editable && (
        <section className="staff-panel card" aria-labelledby="send-title">
          <h2 id="send-title">Test and send</h2>
          <div className="staff-stack">
            <form className="staff-form" method="post" action={`${base}/test`}>
              <CsrfField user={user} />
              <p className="staff-muted">Both languages go to {user.email}, as the saved draft reads.</p>
              <button className="button button--secondary" type="submit">
                Send a test to my address
              </button>
            </form>
            <form className="staff-form" method="get" action={`${base}/confirm`}>
              <LabelledField id="send-at" label="Send at (lab time; empty: now)">
                <input className="contact-field__control" id="send-at" name="at" type="datetime-local" />
              </LabelledField>
              <button className="button button--primary" type="submit">
                Review and send
              </button>
            </form>
          </div>
        </section>
      )}
    </ConsoleDocument>
  );
}
