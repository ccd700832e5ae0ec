import { BlogSidebar } from '../components/blog/BlogSidebar';
import { CategoryFilter } from '../components/blog/CategoryFilter';
import { useRevealHash } from '../components/blog/useRevealHash';
import { staticSection } from '../components/StaticSection';
import { useLocale } from '../components/useLocale';
import { useSearchParams } from '../components/useSearchParams';
import { sharedCounts } from '../content/publishedArticles';
import { countByCategory, parseBlogQuery, parseSubscribeOutcome } from '../model/blog';

// Static sections: their code loads only when a navigation shows them (see StaticSection). Each reads
// the view from the URL; the filter's first use is a navigation, which loads them before it shows.
const BlogHero = staticSection('BlogHero', async () => (await import('../components/blog/BlogHero')).BlogHero);
const FeaturedPost = staticSection(
  'FeaturedPost',
  async () => (await import('../components/blog/FeaturedPost')).FeaturedPost,
);
const PostGrid = staticSection('PostGrid', async () => (await import('../components/blog/PostGrid')).PostGrid);
const RecentPosts = staticSection(
  'RecentPosts',
  async () => (await import('../components/blog/RecentPosts')).RecentPosts,
);
export const sections = [BlogHero, FeaturedPost, PostGrid, RecentPosts];

/**
 * The blog, in the page's language (its posts and their links are that
 * language's). Everything it shows follows from the URL (?category=, ?page=,
 * ?subscribe=), so the server renders any view and the links work without
 * JavaScript. The filter, the sidebar's categories and the newsletter box hydrate.
 */
export default function Blog() {
  const params = useSearchParams();
  const { locale, catalogue } = useLocale();
  const { category } = parseBlogQuery(params);
  useRevealHash();

  return (
    <>
      <BlogHero />
      <div className="blog">
        <div className="container blog__layout">
          <CategoryFilter selected={category} />
          <FeaturedPost />
          <PostGrid />
          <BlogSidebar
            selected={category}
            // Over every post: the first hydration has only the page's share of them, and their counts (decision 090).
            counts={sharedCounts(locale) ?? countByCategory(catalogue.posts.posts)}
            recent={<RecentPosts />}
            returned={parseSubscribeOutcome(params.get('subscribe'))}
          />
        </div>
      </div>
    </>
  );
}
