/** The seed articles (decision 052): the six Markdown articles and their Spanish twins, as the content step wrote them. */
import { postSeed } from './postSeed';
import type { SeedArticle } from './store';

export const seedArticles: readonly SeedArticle[] = postSeed.flatMap((post) =>
  post.versions.map((version) => ({
    pairId: post.id,
    locale: version.locale,
    slug: version.slug,
    title: version.title,
    excerpt: version.excerpt,
    category: post.category,
    // The seed's writers are guest authors: no staff account is theirs.
    author: version.author,
    authorId: null,
    date: post.date,
    featured: post.featured,
    image: post.image,
    // The cover is drawn art beside the title, which says what it is about.
    imageAlt: version.title,
    body: version.markdown,
    seoTitle: '',
    seoDescription: '',
  })),
);
