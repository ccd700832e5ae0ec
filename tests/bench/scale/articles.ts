import type { Database, SqlValue } from '../../../server/db';
import { bulkInsert } from './bulkInsert';
import type { Random } from './random';

const CATEGORIES = ['research', 'technology', 'industry', 'tutorials', 'sustainability'] as const;
const COVERS = [
  'biotech-funding',
  'cell-culture',
  'drug-discovery',
  'gene-editing',
  'green-chemistry',
  'lab-automation',
];
const AUTHORS = ['Dr. Sarah Chen', 'Marco Ruiz', 'Priya Natarajan', 'Lucía Fernández', 'James Okafor'];

/** A Markdown body of a few sections, 400 to 1,600 words: the shape of the lab's posts. */
function body(rng: Random): string {
  const sections = rng.int(3, 8);
  return Array.from({ length: sections }, (_, index) => {
    const paragraphs = Array.from({ length: rng.int(2, 4) }, () => `${rng.words(rng.int(40, 70))}.`);
    return `## Section ${index + 1}: ${rng.words(4)}\n\n${paragraphs.join('\n\n')}`;
  }).join('\n\n');
}

/**
 * `pairs` articles in each language, paired (one pair_id), two a week back to `now`: most published, some drafts,
 * scheduled or unpublished; each with a cover and one to six revisions (the fields as the editor saves them).
 */
export async function seedArticles(db: Database, rng: Random, pairs: number, now: Date): Promise<number> {
  const columns = [
    'id',
    'pair_id',
    'locale',
    'slug',
    'title',
    'excerpt',
    'category',
    'author',
    'date',
    'featured',
    'image',
    'image_alt',
    'body',
    'state',
    'publish_at',
    'published_at',
    'created_at',
    'updated_at',
    'updated_by',
    'seo_title',
    'seo_description',
  ];
  const revisions: SqlValue[][] = [];
  function* rows(): Generator<SqlValue[]> {
    for (let pair = 1; pair <= pairs; pair += 1) {
      const day = new Date(now.getTime() - (pairs - pair) * 3.5 * 86_400_000);
      const at = day.toISOString();
      const state = rng.weighted([
        ['published', 92],
        ['draft', 4],
        ['scheduled', 2],
        ['unpublished', 2],
      ] as const);
      const category = rng.pick(CATEGORIES);
      const cover = rng.pick(COVERS);
      const author = rng.pick(AUTHORS);
      for (const locale of ['en', 'es'] as const) {
        const id = pair * 2 - (locale === 'en' ? 1 : 0);
        const title = `${rng.words(rng.int(5, 10))} ${pair}`;
        const fields = {
          locale,
          slug: `${title.toLowerCase().replace(/\s+/g, '-')}-${locale}`,
          title,
          excerpt: rng.words(rng.int(20, 35)),
          category,
          author,
          authorId: null,
          date: at.slice(0, 10),
          featured: pair === pairs,
          image: `/images/blog/${cover}.svg`,
          imageAlt: rng.words(6),
          body: body(rng),
          seoTitle: '',
          seoDescription: '',
        };
        const published = state === 'published' || state === 'unpublished' ? at : null;
        const saves = rng.int(1, 6);
        for (let save = 0; save < saves; save += 1)
          revisions.push([
            id,
            new Date(day.getTime() + save * 3_600_000).toISOString(),
            'editor@meridianlab.test',
            save === saves - 1 && published ? 'published' : '',
            JSON.stringify(fields),
          ]);
        yield [
          id,
          pair,
          locale,
          fields.slug,
          title,
          fields.excerpt,
          category,
          author,
          fields.date,
          fields.featured ? 1 : 0,
          fields.image,
          fields.imageAlt,
          fields.body,
          state,
          state === 'scheduled' ? new Date(now.getTime() + pair * 3_600_000).toISOString() : null,
          published,
          at,
          at,
          'editor@meridianlab.test',
          '',
          '',
        ];
      }
    }
  }
  const inserted = await bulkInsert(db, 'articles', columns, rows());
  await bulkInsert(db, 'article_revisions', ['article_id', 'saved_at', 'saved_by', 'note', 'fields'], revisions);
  return inserted;
}
