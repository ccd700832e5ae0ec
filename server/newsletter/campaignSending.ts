import type { LegalFacts } from '../../shared/content/legalFacts';
import type { Locale } from '../../shared/lib/locale';
import { absoluteUrl } from '../../shared/lib/runtime';
import { UNSUBSCRIBE_PATH, withToken } from '../../shared/model/newsletter';
import { localizePath } from '../../shared/routes';
import type { Database } from '../db';
import type { OutboxKind } from '../outbox/kinds';
import type { NewOutboxMessage } from '../outbox/store';
import type { KindHooks } from '../outbox/worker';
import { createSuppressions } from '../privacy/suppressions';
import { publishedArticles } from './articles';
import { recordRefusal } from './bounces';
import type { CampaignLinks } from './campaignMail';
import { campaignMail } from './campaignMail';
import type { Campaign, CampaignStore } from './campaignStore';
import { CAMPAIGN_KIND } from './campaignStore';
import { campaignTag } from './campaignTag';
import { createSubscriberStore } from './store';

/** A test of a campaign, to the addresses the staff typed: urgent, never throttled. */
const TEST_KIND = 'newsletter-test';

/** A campaign e-mail to a reader, for the composition root to register with the outbox. */
export const campaignKind: OutboxKind = { name: CAMPAIGN_KIND, channel: 'mail' };
/** A test to the staff: registered even before the lab's identity is complete, saying what is not yet published. */
export const campaignTestKind: OutboxKind = { name: TEST_KIND, channel: 'mail' };

/** The campaign kind's throttle: NEWSLETTER_RATE_PER_MINUTE over every instance (decision 043). */
export const campaignThrottles = (ratePerMinute: number) => ({ [CAMPAIGN_KIND]: ratePerMinute });

/** The list's id (RFC 2919): "articles." and the site's host. */
const listId = (siteUrl: string) => `articles.${new URL(siteUrl).hostname}`;

/** The links of a campaign e-mail; the unsubscribe link is the reader's own, tagged with the campaign. */
export function linksFor(
  siteUrl: string,
  campaign: Pick<Campaign, 'id' | 'articleId'>,
  locale: Locale,
  unsubscribeToken?: string,
): CampaignLinks {
  const page = localizePath(UNSUBSCRIBE_PATH, locale);
  return {
    siteUrl,
    unsubscribeUrl: absoluteUrl(siteUrl, unsubscribeToken ? withToken(page, unsubscribeToken) : page),
    listId: listId(siteUrl),
    tags: { campaign: campaignTag(campaign.id, campaign.articleId), locale },
    cover: coverOf(siteUrl, campaign.articleId, locale),
  };
}

const RASTER = /\.(?:jpe?g|png|gif|webp)$/i;

/** The article's cover, served from the site, with its title as the alt text; none without one. */
function coverOf(siteUrl: string, articleId: number | null, locale: Locale): CampaignLinks['cover'] {
  const versions = publishedArticles().find((article) => article.id === articleId)?.versions;
  const version = versions?.[locale] ?? versions?.en;
  // Gmail and Outlook show no SVG (the seed's artwork): only a photo goes in the e-mail.
  return version?.image && RASTER.test(version.image)
    ? { src: absoluteUrl(siteUrl, version.image), alt: version.title }
    : undefined;
}

/**
 * The test of one language's version, to `to`: the e-mail a subscriber would get, except that its subject
 * starts with "[TEST]" and its unsubscribe link opens the page without a token (a test unsubscribes nobody).
 */
export function campaignTest(
  to: string,
  { siteUrl, campaign, locale, lab }: { siteUrl: string; campaign: Campaign; locale: Locale; lab: Partial<LegalFacts> },
): NewOutboxMessage {
  const links = linksFor(siteUrl, campaign, locale);
  const content = { ...campaign.content[locale], subject: `[TEST] ${campaign.content[locale].subject}` };
  return { kind: TEST_KIND, mail: campaignMail(to, { content, locale, links, lab }) };
}

/** The subscriber's state that decides, at their turn, whether a campaign e-mail goes. */
interface RecipientRow {
  email: string;
  locale: Locale;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  hard_bounces: number;
}

/**
 * What the newsletter adds to the outbox's sending of a campaign (decision 044): each message is
 * written at its turn, in the reader's language, with their own unsubscribe link, unless the list
 * says no by then (erased, unsubscribed, no longer confirmed, suppressed; bounced out, then the message is
 * bounced); and a 5xx to the address suppresses it (the message is bounced, not failed: decision 077). A campaign that
 * announces no article (a draft from before decision 067) is skipped, whatever its state.
 */
export function campaignHooks(
  db: Database,
  campaigns: CampaignStore,
  { siteUrl, bounceLimit, lab }: { siteUrl: string; bounceLimit: number; lab: LegalFacts },
): Record<string, KindHooks> {
  const subscribers = createSubscriberStore(db);
  const suppressions = createSuppressions(db);
  // A campaign's text is fixed once it is sending (a scheduled one may still be edited): read once per process.
  const contents = new Map<number, Promise<Campaign | undefined>>();
  const contentOf = async (id: number) => {
    // A failed read is not kept: the message's next attempt reads again.
    if (!contents.has(id))
      contents.set(
        id,
        campaigns.find(id).catch((error: unknown) => {
          contents.delete(id);
          throw error;
        }),
      );
    const found = await contents.get(id);
    // Only an article's announcement goes to readers who agreed to new articles (decision 067).
    return found?.articleId === null ? undefined : found;
  };

  return {
    [CAMPAIGN_KIND]: {
      async compose(message) {
        const { campaign } = ('body' in message.payload ? message.payload.body : {}) as { campaign?: number };
        const found = campaign === undefined ? undefined : await contentOf(campaign);
        if (!found || message.subscriberId === null) return { skip: 'campaign not found' };
        const row = await db.get<RecipientRow>(
          'SELECT email, locale, confirmed_at, unsubscribed_at, hard_bounces FROM subscribers WHERE id = ?',
          message.subscriberId,
        );
        if (!row) return { skip: 'erased' };
        if (row.unsubscribed_at !== null) return { skip: 'unsubscribed' };
        if (row.confirmed_at === null) return { skip: 'not confirmed' };
        if (row.hard_bounces >= bounceLimit) return { bounced: 'the address bounced before' };
        if (await suppressions.has(row.email))
          return row.hard_bounces > 0 ? { bounced: 'the address bounced before' } : { skip: 'suppressed' };
        const token = await subscribers.unsubscribeToken(message.subscriberId);
        // The token's tail names the campaign, so an unsubscribe is counted against it.
        const links = linksFor(siteUrl, found, row.locale, `${token}.c${found.id}`);
        return {
          ...message,
          payload: {
            mail: campaignMail(row.email, { content: found.content[row.locale], locale: row.locale, links, lab }),
          },
        };
      },
      // Refused by the site's own mail server: suppressed at once (decision 077).
      async refused(message, reason) {
        if (message.subscriberId !== null) await recordRefusal(db, message.subscriberId, reason, new Date());
      },
    },
  };
}
