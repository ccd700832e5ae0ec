import { useSearchParams } from 'react-router';
import { BlogSidebar } from '../components/blog/BlogSidebar';
import { CategoryFilter } from '../components/blog/CategoryFilter';
import { FeaturedPost } from '../components/blog/FeaturedPost';
import { PostGrid } from '../components/blog/PostGrid';
import { useRevealHash } from '../components/blog/useRevealHash';
import { PageHero } from '../components/PageHero';
import { useLocale } from '../components/useLocale';
import { countByCategory, parseBlogQuery, parseSubscribeOutcome, recentPosts, selectBlogView } from '../lib/blog';

/**
 * The blog, in the page's language (its posts and their links are that
 * language's). Everything it shows follows from the URL (?category=, ?page=,
 * ?subscribe=), so the server renders any view and the links work without JavaScript.
 */
export default function Blog() {
  const [params] = useSearchParams();
  const { catalogue } = useLocale();
  const { hero } = catalogue.blog;
  const { posts } = catalogue.posts;
  const query = parseBlogQuery(params);
  const view = selectBlogView(posts, query);
  useRevealHash();

  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <div className="blog">
        <div className="container blog__layout">
          <CategoryFilter selected={query.category} />
          {view.featured ? <FeaturedPost post={view.featured} /> : null}
          <PostGrid view={view} category={query.category} />
          <BlogSidebar
            selected={query.category}
            counts={countByCategory(posts)}
            recent={recentPosts(posts)}
            returned={parseSubscribeOutcome(params.get('subscribe'))}
          />
        </div>
      </div>
    </>
  );
}
