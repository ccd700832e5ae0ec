import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { LegalFacts } from '../../shared/content/legalFacts';
import type { Locale } from '../../shared/lib/locale';
import { isLocale, locales } from '../../shared/lib/locale';
import type { CampaignClicks } from '../analytics/campaignClicks';
import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { cursorHrefs } from '../console/kit/CursorPagination';
import { fromLabTime } from '../console/kit/format';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import { cursorOf } from '../db/keyset';
import { readBody } from '../http/formEndpoint';
import { articleCampaign, fallbackLocales, publishedArticles } from './articles';
import { notesVersion, overwrites, sameNotes } from './campaignConflicts';
import { campaignHtml, campaignText } from './campaignMail';
import { notesProblem } from './campaignNote';
import { campaignTest, linksFor } from './campaignSending';
import type { Campaign, CampaignStore } from './campaignStore';
import { testAddresses } from './testAddresses';
import { CampaignConfirmPage } from './views/CampaignConfirmPage';
import type { CampaignNotice } from './views/CampaignPage';
import { CampaignPage } from './views/CampaignPage';
import { CampaignsPage } from './views/CampaignsPage';

/** What the console needs of the newsletter to write, test and send campaigns. */
export interface NewsletterConsole {
  campaigns: CampaignStore;
  wakeOutbox: () => void;
  /** Has the campaign runner look now (send now). */
  wakeCampaigns: () => void;
  /** The visits a campaign's links brought (decision 074). */
  clicks: (id: number) => Promise<CampaignClicks>;
  /** NEWSLETTER_RATE_PER_MINUTE, for the time a campaign will take. */
  ratePerMinute: number;
  /** The lab's legal identity as the settings give it, for the previews and the tests. */
  lab: Partial<LegalFacts>;
  /** While it is incomplete: the settings missing, and how many e-mails to readers wait for them. */
  held?: { missing: readonly string[]; waiting: () => Promise<number> };
}

interface CampaignRoutesOptions {
  newsletter: NewsletterConsole;
  siteUrl: string;
  assets: () => ConsoleAssets;
  guardPost: RequestHandler[];
  renderNotFound: (res: Response, message: string) => void;
  /** The fresh check a send asks for (decision 070). */
  recentCheck: RequestHandler;
}

const campaignNav = { key: 'newsletter', href: '/staff/newsletter', label: 'Newsletter' } as const;
const NOT_FOUND = 'No such campaign.';
/** Campaigns a page of the list shows, each with its figures (decision 091). */
const LIST_PAGE = 25;
const noticeOf = {
  saved: 'Saved.',
  tested: 'Test sent, in both languages, with “[TEST]” before the subject.',
  scheduled: 'Scheduled.',
  paused: 'Paused: no more messages are sent until you resume it (those already handed to the mail server go).',
  resumed: 'Resumed.',
  cancelled: 'Cancelled: nobody else gets it.',
} as const;

const campaignId = (req: Request) => {
  const raw = String(req.params.id);
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
};
/** The one language a campaign goes to, from the review's choice; undefined for all. */
const onlyOf = (value: unknown): Locale | undefined => (isLocale(value) ? value : undefined);

/** The form's two notes, line ends as typed in a browser made plain; every other field is ignored. */
const notesFrom = (fields: Record<string, string>): Record<Locale, string> =>
  Object.fromEntries(
    locales.map((locale) => [locale, (fields[`note_${locale}`] ?? '').replace(/\r\n/g, '\n').trim()]),
  ) as Record<Locale, string>;

/**
 * Why a campaign cannot be sent, or undefined (decision 067): it must announce an article, still published.
 * Readers agreed to new articles and nothing else; a draft from before has no article and stays a draft.
 */
const sendProblem = (campaign: Campaign): string | undefined =>
  campaign.articleId === null
    ? 'This draft was written before campaigns came only from articles: it cannot be sent. Make a new campaign from an article.'
    : publishedArticles().some((article) => article.id === campaign.articleId)
      ? undefined
      : 'Its article is no longer published: publish it again, or make a campaign from another.';

/**
 * The newsletter's campaigns in the console:
 *   GET  /staff/newsletter                       campaigns with their figures, the bounced addresses, "new campaign"
 *   POST /staff/newsletter                       creates a draft from a published article (never from scratch: decision 067)
 *   GET  /staff/newsletter/:id                   a draft's form, or a campaign's progress and figures
 *   POST /staff/newsletter/:id                   saves a draft's or a scheduled campaign's notes (plain words above the article),
 *                                                never over notes saved since its form was opened: both are shown (409)
 *   GET  /staff/newsletter/:id/preview/:locale.html|.txt   the e-mail's HTML or text part
 *   POST /staff/newsletter/:id/test              sends both languages, "[TEST]" in the subject, to up to 5 typed addresses
 *   GET  /staff/newsletter/:id/confirm?at=&only= the review: when, recipients per language, languages on a fallback
 *   POST /staff/newsletter/:id/schedule          schedules it (at, or now; to one language, or all)
 *   POST /staff/newsletter/:id/pause|resume|cancel   holds, lets go on, or stops a scheduled or sending campaign (decision 074)
 */
function campaignRoutes(options: CampaignRoutesOptions): Router {
  const { newsletter, siteUrl, assets, guardPost, renderNotFound, recentCheck } = options;
  const { campaigns } = newsletter;
  const router = Router();

  const showList = async (req: Request, res: Response, status: number, error?: string) => {
    const page = await campaigns.page(cursorOf(req.query, ''), LIST_PAGE);
    sendPage(
      res,
      status,
      createElement(CampaignsPage, {
        assets: assets(),
        user: consoleUser(res),
        campaigns: await Promise.all(
          page.campaigns.map(async (campaign) => ({ campaign, figures: await campaigns.figures(campaign.id) })),
        ),
        total: page.total,
        pages: cursorHrefs('/staff/newsletter', {}, page),
        articles: publishedArticles().map((article) => ({
          id: article.id,
          title: (article.versions.en ?? Object.values(article.versions)[0]!).title,
          date: article.date,
        })),
        bounced: await campaigns.bounced(),
        held: newsletter.held && { missing: newsletter.held.missing, waiting: await newsletter.held.waiting() },
        error,
      }),
    );
  };

  const showCampaign = async (
    res: Response,
    status: number,
    campaign: Campaign,
    {
      notice,
      notes,
      theirs,
      base,
    }: {
      notice?: CampaignNotice;
      notes?: Record<Locale, string>;
      /** Notes someone saved since the form was opened, beside the writer's own. */
      theirs?: Record<Locale, string>;
      /** The version the typed notes were opened on; the saved notes' by default. */
      base?: string;
    },
  ) =>
    sendPage(
      res,
      status,
      createElement(CampaignPage, {
        assets: assets(),
        user: consoleUser(res),
        campaign,
        notes: notes ?? campaign.notes,
        theirs,
        version: base ?? notesVersion(campaign.notes),
        figures: await campaigns.figures(campaign.id),
        clicks: campaign.status === 'draft' ? undefined : await newsletter.clicks(campaign.id),
        notice,
      }),
    );

  /** The campaign the URL names, or the not-found page. */
  const found = async (req: Request, res: Response) => {
    const campaign = await campaigns.find(campaignId(req));
    if (!campaign) renderNotFound(res, NOT_FOUND);
    return campaign;
  };

  router.get('/staff/newsletter', (req, res) => showList(req, res, 200));

  router.post('/staff/newsletter', ...guardPost, async (req, res) => {
    const body = readBody(req, res);
    const { article = '' } = textFields(body.ok ? body.fields : undefined);
    // Only from a published article (decision 067): there is no campaign written from scratch.
    const content = /^\d{1,15}$/.test(article) ? articleCampaign(Number(article), siteUrl) : undefined;
    if (!content) {
      await showList(req, res, 400, 'A campaign announces a published article: choose one from the list.');
      return;
    }
    const id = await campaigns.create(content, Number(article));
    res.redirect(303, `/staff/newsletter/${id}`);
  });

  router.get('/staff/newsletter/:id', async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const done = noticeNamed(noticeOf, req.query.done);
    await showCampaign(res, 200, campaign, {
      notice: done === undefined ? undefined : { tone: 'success', text: done },
    });
  });

  /**
   * Saves the typed notes over the campaign as read, unless someone saved other notes since the form was opened
   * on `base` (campaignConflicts.ts): then neither is lost, and the writer chooses.
   */
  const saveNotes = async (res: Response, campaign: Campaign, notes: Record<Locale, string>, base?: string) => {
    if (overwrites(campaign.notes, base, notes)) {
      await showCampaign(res, 409, campaign, { notes, theirs: campaign.notes });
      return;
    }
    const content = campaign.articleId === null ? undefined : articleCampaign(campaign.articleId, siteUrl, notes);
    const problem = notesProblem(notes) ?? (content ? undefined : sendProblem(campaign));
    if (!problem && (await campaigns.update(campaign.id, content!, notes, campaign.notes))) {
      res.redirect(303, `/staff/newsletter/${campaign.id}?done=saved`);
      return;
    }
    // Other notes saved between the reading and the writing: the same choice as above.
    const now = problem ? undefined : await campaigns.find(campaign.id);
    if (now && !sameNotes(now.notes, campaign.notes)) return saveNotes(res, now, notes, base);
    // What was typed comes back in the form, with the reason and the version it was opened on.
    await showCampaign(res, 400, campaign, {
      notice: { tone: 'error', text: problem ?? 'Only a draft or a scheduled campaign can be changed.' },
      notes,
      base,
    });
  };

  router.post('/staff/newsletter/:id', ...guardPost, async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const body = readBody(req, res);
    const fields = textFields(body.ok ? body.fields : undefined);
    await saveNotes(res, campaign, notesFrom(fields), fields.base);
  });

  router.get('/staff/newsletter/:id/preview/:part', async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const match = /^(\w+)\.(html|txt)$/.exec(String(req.params.part));
    const locale = match?.[1] ?? '';
    if (!match || !isLocale(locale)) {
      renderNotFound(res, 'No such preview: each language has an .html and a .txt.');
      return;
    }
    const links = linksFor(siteUrl, campaign, locale);
    const parts = { content: campaign.content[locale], locale, links, lab: newsletter.lab };
    if (match[2] === 'txt') {
      res.type('text/plain; charset=utf-8').send(campaignText(parts));
      return;
    }
    // The e-mail's own inline styles, and nothing else: no script, no request anywhere, not even a form.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.type('html').send(campaignHtml(parts));
  });

  router.post('/staff/newsletter/:id/test', ...guardPost, async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const problem = sendProblem(campaign);
    if (problem) {
      await showCampaign(res, 400, campaign, { notice: { tone: 'error', text: problem } });
      return;
    }
    const body = readBody(req, res);
    const typed = testAddresses(textFields(body.ok ? body.fields : undefined).to ?? '', consoleUser(res).email);
    if (!typed.ok) {
      await showCampaign(res, 400, campaign, { notice: { tone: 'error', text: typed.error } });
      return;
    }
    await campaigns.queue(
      typed.to.flatMap((to) =>
        locales.map((locale) => campaignTest(to, { siteUrl, campaign, locale, lab: newsletter.lab })),
      ),
    );
    newsletter.wakeOutbox();
    res.redirect(303, `/staff/newsletter/${campaign.id}?done=tested`);
  });

  /** When the confirmation step's `at` says: a lab-time moment from the form, or now when empty. */
  const sendTime = (value: unknown): Date | undefined =>
    typeof value !== 'string' || value === '' ? new Date() : fromLabTime(value);

  router.get('/staff/newsletter/:id/confirm', async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const at = sendTime(req.query.at);
    const problem =
      campaign.status !== 'draft'
        ? 'This campaign is already scheduled.'
        : (sendProblem(campaign) ??
          (at ? undefined : 'That time is not a date and time: use the picker or YYYY-MM-DDTHH:MM.'));
    if (problem) {
      await showCampaign(res, 400, campaign, { notice: { tone: 'error', text: problem } });
      return;
    }
    sendPage(
      res,
      200,
      createElement(CampaignConfirmPage, {
        assets: assets(),
        user: consoleUser(res),
        campaign,
        at: typeof req.query.at === 'string' ? req.query.at : '',
        sendAt: at!.toISOString(),
        only: onlyOf(req.query.only),
        fallbacks: fallbackLocales(campaign.articleId),
        counts: await campaigns.recipientCounts(),
        ratePerMinute: newsletter.ratePerMinute,
      }),
    );
  });

  router.post('/staff/newsletter/:id/schedule', ...guardPost, recentCheck, async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const body = readBody(req, res);
    const fields = textFields(body.ok ? body.fields : undefined);
    const at = sendTime(fields.at);
    const problem = !at ? 'That time is not a date and time.' : sendProblem(campaign);
    if (problem || !(await campaigns.schedule(campaign.id, at!, consoleUser(res).email, onlyOf(fields.only)))) {
      await showCampaign(res, 400, campaign, {
        notice: { tone: 'error', text: problem ?? 'This campaign is already scheduled.' },
      });
      return;
    }
    newsletter.wakeCampaigns();
    res.redirect(303, `/staff/newsletter/${campaign.id}?done=scheduled`);
  });

  // Taking effect within one batch: a pause or a cancel takes back what no sender holds yet (campaignStore.ts).
  const controls = {
    pause: {
      act: (id: number) => campaigns.pause(id),
      done: 'paused',
      refused: 'Only a scheduled or sending campaign can be paused.',
    },
    resume: {
      act: (id: number) => campaigns.resume(id),
      done: 'resumed',
      refused: 'Only a paused campaign can be resumed.',
    },
    cancel: {
      act: (id: number) => campaigns.cancel(id),
      done: 'cancelled',
      refused: 'This campaign has already been sent or cancelled.',
    },
  } as const;
  for (const [name, control] of Object.entries(controls))
    router.post(`/staff/newsletter/:id/${name}`, ...guardPost, async (req, res) => {
      const campaign = await found(req, res);
      if (!campaign) return;
      if (!(await control.act(campaign.id))) {
        await showCampaign(res, 400, campaign, { notice: { tone: 'error', text: control.refused } });
        return;
      }
      newsletter.wakeCampaigns();
      res.redirect(303, `/staff/newsletter/${campaign.id}?done=${control.done}`);
    });

  return router;
}

/** The console's newsletter section: its campaigns. */
export const campaignSection = (newsletter: NewsletterConsole, siteUrl: string): ConsoleSection => ({
  nav: campaignNav,
  roles: ['owner', 'editor'],
  routes: ({ assets, guardPost, renderNotFound, recentCheck }) =>
    campaignRoutes({ newsletter, siteUrl, assets, guardPost: guardPost(), renderNotFound, recentCheck }),
});
