import { useSearchParams } from 'react-router';
import { BlogSidebar } from '../components/blog/BlogSidebar';
import { CategoryFilter } from '../components/blog/CategoryFilter';
import { FeaturedPost } from '../components/blog/FeaturedPost';
import { PostGrid } from '../components/blog/PostGrid';
import { useRevealHash } from '../components/blog/useRevealHash';
import { PageHero } from '../components/PageHero';
import { blogIntro, blogPosts } from '../content/blog';
import { countByCategory, parseBlogQuery, parseSubscribeOutcome, recentPosts, selectBlogView } from '../lib/blog';

/**
 * The blog. Everything it shows follows from the URL (?category=, ?page=,
 * ?subscribe=), so the server renders any view and the links work without JavaScript.
 */
export default function Blog() {
  const [params] = useSearchParams();
  const query = parseBlogQuery(params);
  const view = selectBlogView(blogPosts, query);
  useRevealHash();

  return (
    <>
      <PageHero eyebrow="Blog" title="Our Blog" intro={blogIntro} />
      <div className="blog">
        <div className="container blog__layout">
          <CategoryFilter selected={query.category} />
          {view.featured ? <FeaturedPost post={view.featured} /> : null}
          <PostGrid view={view} category={query.category} />
          <BlogSidebar
            selected={query.category}
            counts={countByCategory(blogPosts)}
            recent={recentPosts(blogPosts)}
            returned={parseSubscribeOutcome(params.get('subscribe'))}
          />
        </div>
      </div>
    </>
  );
}
