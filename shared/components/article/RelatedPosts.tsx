import type { BlogPost } from '../../content/blog';
import { PostCard } from '../blog/PostCard';
import { useLocale } from '../useLocale';

/** Further reading below an article: cards like the blog's, same category first. */
export function RelatedPosts({ posts }: { posts: readonly BlogPost[] }) {
  const { catalogue } = useLocale();
  return (
    <section className="section article-related" aria-labelledby="article-related-title">
      <div className="container">
        <h2 id="article-related-title" className="article-related__title">
          {catalogue.article.related}
        </h2>
        <ul className="article-related__grid">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
