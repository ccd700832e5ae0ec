import type { Database } from '../db';
import { articleCampaign, publishedArticles } from './articles';
import type { CampaignStore } from './campaignStore';

/** The day drafting began: articles older than this were mailed, or not, by hand before. */
const SINCE_KEY = 'newsletter_drafts_since';
/** One settings row per article drafted: its key can be inserted once, whichever instance tries. */
const draftedKey = (articleId: number) => `newsletter_drafted_article:${articleId}`;

/**
 * With NEWSLETTER_DRAFT_NEW_ARTICLES on, each article published from the day
 * it was turned on gets a draft campaign, once over every instance (decision 045),
 * so a post is never forgotten; the staff still review and send it. Answers the new drafts' ids.
 */
export async function draftNewArticles(
  db: Database,
  campaigns: CampaignStore,
  siteUrl: string,
  now = new Date(),
): Promise<number[]> {
  await db.run(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
    SINCE_KEY,
    now.toISOString().slice(0, 10),
  );
  const since = (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', SINCE_KEY))!.value;
  const drafted: number[] = [];
  for (const article of publishedArticles().filter((candidate) => candidate.date >= since)) {
    const claimed = await db.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
      draftedKey(article.id),
      now.toISOString(),
    );
    const content = claimed > 0 ? articleCampaign(article.id, siteUrl) : undefined;
    if (content) drafted.push(await campaigns.create(content, article.id, now));
  }
  return drafted;
}
