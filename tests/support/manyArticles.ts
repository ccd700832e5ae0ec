// A lab of many articles, for the tests of what grows with them (feeds, the sitemap) and the bench's page-cache
// figures: the six seed articles and their Spanish twins, copied into `pairs` pairs with their own slugs and
// dates, published in a fresh SQLite database. Only what the public pages read, not a whole lab.
import { createArticleContent } from '../../server/articles/content';
import { seedArticles } from '../../server/articles/seed';
import { createArticleStore } from '../../server/articles/store';
import { openSqliteDatabase } from '../../server/db';
import { createLogger } from '../../server/http/logger';
import { postPath } from '../../shared/model/articles';

/** A day before the seed's newest article for each copy, so every copy has a date of its own. */
const dayBefore = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills `dataDir`'s database with `pairs` published pairs of articles, the oldest `englishOnly` of them without
 * their Spanish version; returns every article's path. With `uncounted`, their read times are left to the site's first
 * load, as in a lab that has just taken the migration that keeps them (decision 094).
 */
export async function seedManyArticles(
  dataDir: string,
  pairs: number,
  { englishOnly = 0, uncounted = false }: { englishOnly?: number; uncounted?: boolean } = {},
): Promise<string[]> {
  const originals = [...new Set(seedArticles.map((article) => article.pairId))];
  const newest = seedArticles.reduce((latest, article) => (article.date > latest ? article.date : latest), '');
  const articles = Array.from({ length: pairs }, (_, copy) => {
    const pairId = originals[copy % originals.length]!;
    return seedArticles
      .filter((article) => article.pairId === pairId && (copy < pairs - englishOnly || article.locale === 'en'))
      .map((article) => ({
        ...article,
        pairId: copy + 1,
        slug: copy < originals.length ? article.slug : `${article.slug}-${copy}`,
        title: copy < originals.length ? article.title : `${article.title} (${copy})`,
        date: dayBefore(newest, copy),
        // One featured article, the newest, as the blog shows one on top.
        featured: copy === 0,
      }));
  }).flat();
  const db = openSqliteDatabase(dataDir);
  try {
    const store = createArticleStore(db);
    await store.seed(articles);
    // One load counts and keeps their read times, as the loads after each publish do on a running site (decision 094).
    if (!uncounted) await createArticleContent(store, process.cwd(), createLogger({ logLevel: 'silent' })).ready;
  } finally {
    await db.close();
  }
  return articles.map(postPath);
}
