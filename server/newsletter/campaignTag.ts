/** A campaign's utm_campaign (decision 074): its number, then its article's slug, the same for every reader. */
import { publishedArticles } from './articles';

/** The longest article part of a tag: the whole stays well inside a touch's 100 characters. */
const SLUG_LIMIT = 60;

/** The prefix every tag of a campaign starts with, whatever its article is called by then. */
export const campaignTagPrefix = (id: number) => `${id}-`;

/** A campaign's tag: its number, then its article's slug ("12-voice-agents"), as a UTM value is shaped. */
export function campaignTag(id: number, articleId: number | null): string {
  const path = publishedArticles().find((article) => article.id === articleId)?.versions.en?.path ?? '';
  const slug = (path.split('/').at(-1) ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, SLUG_LIMIT);
  return `${campaignTagPrefix(id)}${slug.replace(/^-+|-+$/g, '') || 'newsletter'}`;
}
