import { postPath } from '../../model/articles';
import { recentPosts } from '../../model/blog';
import { Link } from '../Link';
import { useLocale } from '../useLocale';
import { PostCover } from './PostCover';

/** The sidebar's Recent Posts: the first five non-featured posts, whatever the filter; each links to its article. */
export function RecentPosts() {
  const { catalogue } = useLocale();
  const { recentTitle } = catalogue.blog;
  const posts = recentPosts(catalogue.posts.posts);
  return (
    <section className="blog-panel" aria-labelledby="blog-recent-title">
      <h2 id="blog-recent-title" className="blog-panel__title">
        {recentTitle}
      </h2>
      <ol className="blog-recent">
        {posts.map((post) => (
          <li key={post.id}>
            <Link to={postPath(post)} className="blog-recent__link">
              <PostCover className="blog-recent__image" post={post} sizes="96px" />
              <span className="blog-recent__text">
                <span className="blog-recent__title">{post.title}</span>
                <time className="blog-recent__date" dateTime={post.date}>
                  {post.dateText}
                </time>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
