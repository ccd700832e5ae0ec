import type { Locale } from '../../../shared/lib/locale';
import { locales } from '../../../shared/lib/locale';
import type { CampaignClicks } from '../../analytics/campaignClicks';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import { SelectField } from '../../console/kit/SelectField';
import { languageNames } from '../../lib/languageNames';
import type { CampaignContent } from '../campaignMail';
import { NOTE_LIMIT } from '../campaignNote';
import type { Campaign, CampaignFigures } from '../campaignStore';
import { TEST_ADDRESS_LIMIT } from '../testAddresses';
import { CampaignClicksPanel } from './CampaignClicksPanel';
import { CampaignControls } from './CampaignControls';
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
  /** Notes someone saved after the form was opened (campaignConflicts.ts): shown beside the writer's own. */
  theirs?: Record<Locale, string>;
  /** The version of the notes the form was opened on, carried by the form as `base`. */
  version: string;
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
          // No maxLength: a browser would cut a longer paste without a word; the server refuses it and keeps it whole.
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

/** Someone saved other notes after the form was opened: theirs, language by language where they differ. */
function ConflictPanel({
  theirs,
  typed,
  saved,
}: {
  theirs: Record<Locale, string>;
  typed: Record<Locale, string>;
  /** The campaign's page, which shows the saved notes. */
  saved: string;
}) {
  return (
    <section className="staff-notice staff-notice--error" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Other notes were saved after you opened this campaign</h2>
      <p>
        Nothing is lost: your notes are in the form below, the saved ones are here. Save keeps yours, or copy from the
        saved ones first.
      </p>
      {locales
        .filter((locale) => theirs[locale] !== typed[locale])
        .map((locale) => (
          <LabelledField key={locale} id={`theirs-note-${locale}`} label={`Saved ${languageNames[locale]} note`}>
            <textarea
              className="contact-field__control contact-field__control--area"
              id={`theirs-note-${locale}`}
              readOnly
              rows={4}
              defaultValue={theirs[locale]}
            />
          </LabelledField>
        ))}
      <p>
        <a className="button button--secondary" href={saved}>
          Keep the saved notes instead of mine
        </a>
      </p>
    </section>
  );
}

/** One campaign: a draft's form, test and schedule; then its progress and figures. */
export function CampaignPage({
  assets,
  user,
  campaign,
  notes,
  theirs,
  version,
  figures,
  clicks,
  notice,
}: CampaignPageProps) {
  const sent = campaign.status !== 'draft';
  const state = campaignState(campaign, figures);
  // A draft from before decision 067 announces no article: kept to read, never to send. A scheduled one may change.
  const editable = (state === 'Draft' || state === 'Scheduled') && campaign.articleId !== null;
  const draft = editable && !sent;
  const base = `/staff/newsletter/${campaign.id}`;
  const title = campaign.content.en.subject || `Campaign ${campaign.id}`;
  return (
    <ConsoleDocument title={title} assets={assets} user={user} section="newsletter">
      <p className="staff-back">
        <a href="/staff/newsletter">All campaigns</a>
      </p>
      <ConsoleHeading eyebrow={`Campaign ${campaign.id}`} title={title}>
        <p className="staff-muted">
          {state}
          {campaign.onlyLocale && ` · to readers in ${languageNames[campaign.onlyLocale]} only`}
          {campaign.sendAt && (
            <>
              {' '}
              · {campaign.status === 'scheduled' ? 'goes' : 'went'} <LabTime iso={campaign.sendAt} />
            </>
          )}
        </p>
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {theirs && <ConflictPanel theirs={theirs} typed={notes} saved={base} />}
      {sent && (
        <section className="staff-panel card" aria-labelledby="progress-title">
          <div className="staff-panel__head">
            <h2 id="progress-title">Progress</h2>
            <a className="button button--secondary" href={base}>
              Refresh
            </a>
          </div>
          <CampaignControls state={state} base={base} user={user} />
          <CampaignFigureList
            figures={figures}
            unsubscribes={campaign.unsubscribes}
            cancelled={campaign.cancelledAt !== null}
          />
        </section>
      )}
      {sent && clicks && <CampaignClicksPanel clicks={clicks} />}
      <section className="staff-panel card" aria-labelledby="content-title">
        <h2 id="content-title">{editable ? 'Write' : sent ? 'What was sent' : 'Its text, which cannot be sent'}</h2>
        <form className="staff-form" method="post" action={base}>
          <CsrfField user={user} />
          {editable && <input type="hidden" name="base" value={version} />}
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
              {sent ? 'Save' : 'Save draft'}
            </button>
          )}
        </form>
      </section>
      {editable && (
        <section className="staff-panel card" aria-labelledby="send-title">
          <h2 id="send-title">{draft ? 'Test and send' : 'Test'}</h2>
          <div className="staff-stack">
            <form className="staff-form" method="post" action={`${base}/test`}>
              <CsrfField user={user} />
              <LabelledField
                id="test-to"
                label={`Send a test to (up to ${TEST_ADDRESS_LIMIT} addresses, commas between; empty: ${user.email})`}
              >
                <input className="contact-field__control" id="test-to" name="to" type="text" autoComplete="off" />
              </LabelledField>
              <p className="staff-muted">Both languages, as the saved text reads, with “[TEST]” before the subject.</p>
              <button className="button button--secondary" type="submit">
                Send a test
              </button>
            </form>
          </div>
        </section>
      )}
      {draft && (
        <section className="staff-panel card" aria-labelledby="review-title">
          <h2 id="review-title">Send</h2>
          <div className="staff-stack">
            <form className="staff-form" method="get" action={`${base}/confirm`}>
              <LabelledField id="send-at" label="Send at (lab time; empty: now)">
                <input className="contact-field__control" id="send-at" name="at" type="datetime-local" />
              </LabelledField>
              <SelectField
                id="send-only"
                name="only"
                label="To readers in"
                options={[
                  ['', 'Every language'],
                  ...locales.map((locale) => [locale, `${languageNames[locale]} only`] as const),
                ]}
              />
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
