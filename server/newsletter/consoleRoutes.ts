import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { LegalFacts } from '../../shared/content/legalFacts';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { absoluteUrl } from '../../shared/lib/runtime';
import type { ConsoleSection } from '../console/console';
import type { ConsoleAssets } from '../console/kit/ConsoleDocument';
import { fromLabTime } from '../console/kit/format';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import { readBody } from '../http/formEndpoint';
import { articleCampaign, publishedArticles } from './articles';
import type { CampaignContent } from './campaignMail';
import { campaignHtml, campaignText } from './campaignMail';
import { campaignTest } from './campaignSending';
import type { Campaign, CampaignStore } from './campaignStore';
import { CampaignConfirmPage } from './views/CampaignConfirmPage';
import type { CampaignNotice } from './views/CampaignPage';
import { CampaignPage, contentLimits } from './views/CampaignPage';
import { CampaignsPage } from './views/CampaignsPage';

/** What the console needs of the newsletter to write, test and send campaigns. */
export interface NewsletterConsole {
  campaigns: CampaignStore;
  wakeOutbox: () => void;
  /** Has the campaign runner look now (send now). */
  wakeCampaigns: () => void;
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
}

const campaignNav = { key: 'newsletter', href: '/staff/newsletter', label: 'Newsletter' } as const;
const NOT_FOUND = 'No such campaign.';
const noticeOf = {
  saved: 'Draft saved.',
  tested: 'Test sent to your address, in both languages.',
  scheduled: 'Scheduled.',
} as const;

const campaignId = (req: Request) => {
  const raw = String(req.params.id);
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
};
const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);

/** The six fields of the form, both languages, line ends as typed in a browser made plain. */
function contentFrom(fields: Record<string, string>): Record<Locale, CampaignContent> {
  const field = (name: string) => (fields[name] ?? '').replace(/\r\n/g, '\n');
  return Object.fromEntries(
    locales.map((locale) => [
      locale,
      {
        subject: field(`subject_${locale}`).trim(),
        preview: field(`preview_${locale}`).trim(),
        body: field(`body_${locale}`),
      },
    ]),
  ) as Record<Locale, CampaignContent>;
}

/** What is wrong with a campaign's text, or undefined: too long to save, or (to send) a part left empty. */
function contentProblem(content: Record<Locale, CampaignContent>, toSend: boolean): string | undefined {
  for (const locale of locales) {
    for (const part of ['subject', 'preview', 'body'] as const) {
      const value = content[locale][part];
      if (value.length > contentLimits[part])
        return `The ${locale.toUpperCase()} ${part} is longer than ${contentLimits[part]} characters.`;
      if (toSend && part !== 'preview' && !value.trim())
        return `The ${locale.toUpperCase()} ${part} is empty: write it before sending.`;
    }
  }
  return undefined;
}

/**
 * The newsletter's campaigns in the console:
 *   GET  /staff/newsletter                       campaigns with their figures, the bounced addresses, "new campaign"
 *   POST /staff/newsletter                       creates a draft from an article or blank (from scratch)
 *   GET  /staff/newsletter/:id                   a draft's form, or a campaign's progress and figures
 *   POST /staff/newsletter/:id                   saves a draft
 *   GET  /staff/newsletter/:id/preview/:locale.html|.txt   the e-mail's HTML or text part
 *   POST /staff/newsletter/:id/test              sends both languages to the signed-in address
 *   GET  /staff/newsletter/:id/confirm?at=       the confirmation step: when, and recipients per language
 *   POST /staff/newsletter/:id/schedule          schedules it (at, or now)
 */
function campaignRoutes({ newsletter, siteUrl, assets, guardPost, renderNotFound }: CampaignRoutesOptions): Router {
  const { campaigns } = newsletter;
  const router = Router();

  const showList = async (res: Response, status: number, error?: string) => {
    const list = await campaigns.list();
    sendPage(
      res,
      status,
      createElement(CampaignsPage, {
        assets: assets(),
        user: consoleUser(res),
        campaigns: await Promise.all(
          list.map(async (campaign) => ({ campaign, figures: await campaigns.figures(campaign.id) })),
        ),
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
    { notice, draft }: { notice?: CampaignNotice; draft?: Record<Locale, CampaignContent> },
  ) =>
    sendPage(
      res,
      status,
      createElement(CampaignPage, {
        assets: assets(),
        user: consoleUser(res),
        campaign,
        draft: draft ?? campaign.content,
        figures: await campaigns.figures(campaign.id),
        notice,
      }),
    );

  /** The campaign the URL names, or the not-found page. */
  const found = async (req: Request, res: Response) => {
    const campaign = await campaigns.find(campaignId(req));
    if (!campaign) renderNotFound(res, NOT_FOUND);
    return campaign;
  };

  router.get('/staff/newsletter', (_req, res) => showList(res, 200));

  router.post('/staff/newsletter', ...guardPost, async (req, res) => {
    const body = readBody(req, res);
    const { article } = textFields(body.ok ? body.fields : undefined);
    let content: Record<Locale, CampaignContent> | undefined;
    if (article === undefined || article === '') {
      content = { en: { subject: '', preview: '', body: '' }, es: { subject: '', preview: '', body: '' } };
    } else {
      content = /^\d{1,15}$/.test(article) ? articleCampaign(Number(article), siteUrl) : undefined;
      if (!content) {
        await showList(res, 400, 'That article is not published: choose one from the list.');
        return;
      }
    }
    const id = await campaigns.create(content, article ? Number(article) : null);
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

  router.post('/staff/newsletter/:id', ...guardPost, async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const body = readBody(req, res);
    const content = contentFrom(textFields(body.ok ? body.fields : undefined));
    const problem = contentProblem(content, false);
    if (problem || !(await campaigns.update(campaign.id, content))) {
      // What was typed comes back in the form, with the reason.
      await showCampaign(res, 400, campaign, {
        notice: { tone: 'error', text: problem ?? 'Only a draft can be changed.' },
        draft: content,
      });
      return;
    }
    res.redirect(303, `/staff/newsletter/${campaign.id}?done=saved`);
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
    const links = { siteUrl, unsubscribeUrl: absoluteUrl(siteUrl, '/newsletter/unsubscribe'), listId: '' };
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
    const problem = contentProblem(campaign.content, true);
    if (problem) {
      await showCampaign(res, 400, campaign, { notice: { tone: 'error', text: problem } });
      return;
    }
    const to = consoleUser(res).email;
    await campaigns.queue(
      locales.map((locale) =>
        campaignTest(to, { siteUrl, locale, content: campaign.content[locale], lab: newsletter.lab }),
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
        : (contentProblem(campaign.content, true) ??
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
        counts: await campaigns.recipientCounts(),
        ratePerMinute: newsletter.ratePerMinute,
      }),
    );
  });

  router.post('/staff/newsletter/:id/schedule', ...guardPost, async (req, res) => {
    const campaign = await found(req, res);
    if (!campaign) return;
    const body = readBody(req, res);
    const at = sendTime(textFields(body.ok ? body.fields : undefined).at);
    const problem = !at ? 'That time is not a date and time.' : contentProblem(campaign.content, true);
    if (problem || !(await campaigns.schedule(campaign.id, at!))) {
      await showCampaign(res, 400, campaign, {
        notice: { tone: 'error', text: problem ?? 'This campaign is already scheduled.' },
      });
      return;
    }
    newsletter.wakeCampaigns();
    res.redirect(303, `/staff/newsletter/${campaign.id}?done=scheduled`);
  });

  return router;
}

/** The console's newsletter section: its campaigns. */
export const campaignSection = (newsletter: NewsletterConsole, siteUrl: string): ConsoleSection => ({
  nav: campaignNav,
  roles: ['owner', 'editor'],
  routes: ({ assets, guardPost, renderNotFound }) =>
    campaignRoutes({ newsletter, siteUrl, assets, guardPost: guardPost(), renderNotFound }),
});
