import type { Locale } from '../../../shared/lib/locale';
import { locales } from '../../../shared/lib/locale';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import { languageNames } from '../../lib/languageNames';
import type { CampaignContent } from '../campaignMail';
import type { Campaign, CampaignFigures } from '../campaignStore';
import { CampaignFigureList, campaignState } from './CampaignFigures';

/** The longest each part may be: a subject a mail client shows, a preview line, and a body of some pages. */
export const contentLimits = { subject: 200, preview: 300, body: 8_000 } as const;

/** The one-line parts of a language's text, with their labels. */
const lineParts = [
  ['subject', 'Subject'],
  ['preview', 'Preview text'],
] as const;

export interface CampaignNotice {
  tone: 'success' | 'error';
  text: string;
}

interface CampaignPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  campaign: Campaign;
  /** The text in the form: the campaign's, or what was typed when it was refused. */
  draft: Record<Locale, CampaignContent>;
  figures: CampaignFigures;
  notice?: CampaignNotice;
}

function LanguageFieldsFor({
  locale,
  content,
  editable,
  base,
}: {
  locale: Locale;
  content: CampaignContent;
  editable: boolean;
  base: string;
}) {
  const id = (part: string) => `${part}-${locale}`;
  return (
    <fieldset className="staff-form staff-fieldset">
      <legend>{languageNames[locale]}</legend>
      {lineParts.map(([part, label]) => (
        <LabelledField key={part} id={id(part)} label={label}>
          <input
            className="contact-field__control"
            id={id(part)}
            name={`${part}_${locale}`}
            defaultValue={content[part]}
            maxLength={contentLimits[part]}
            readOnly={!editable}
          />
        </LabelledField>
      ))}
      <LabelledField id={id('body')} label="Body (Markdown)">
        <textarea
          className="contact-field__control contact-field__control--area"
          id={id('body')}
          name={`body_${locale}`}
          rows={10}
          defaultValue={content.body}
          maxLength={contentLimits.body}
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
export function CampaignPage({ assets, user, campaign, draft, figures, notice }: CampaignPageProps) {
  const editable = campaign.status === 'draft';
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
      {!editable && (
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
      <section className="staff-panel card" aria-labelledby="content-title">
        <h2 id="content-title">{editable ? 'Write' : 'What was sent'}</h2>
        <form className="staff-form" method="post" action={base}>
          <CsrfField user={user} />
          {locales.map((locale) => (
            <LanguageFieldsFor key={locale} locale={locale} content={draft[locale]} editable={editable} base={base} />
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
