/** The blog page's English words; apart from blog.ts, which the route table (and so every page) loads. */
import { blogIntro, newsletter } from './blog';

export const blogPage = {
  hero: { eyebrow: 'Blog', title: 'Our Blog', intro: blogIntro },
  sidebarLabel: 'Blog sidebar',
  filterLabel: 'Blog categories',
  featured: 'Featured',
  categoriesTitle: 'Categories',
  latestTitle: 'Latest Articles',
  recentTitle: 'Recent Posts',
  /** A count of posts: the number is formatted and the form chosen by the language's plural rules. */
  postForms: { one: 'post', other: 'posts' },
  /** "in Research": after a count, when a category is chosen. */
  inCategory: (label: string) => ` in ${label}`,
  noOtherPosts: (where: string) => `No other posts${where} yet`,
  showing: (shown: number, total: string, where: string) => `Showing ${shown} of ${total}${where}`,
  loadMore: 'Load More Posts',
  morePosts: (count: string) => `${count} to read`,
  moreForms: { one: 'more post', other: 'more posts' },
  noMorePosts: 'No more posts to load',
  emptyCategory: (label: string) =>
    `The featured article above is our latest on ${label.toLowerCase()}; more posts on this topic are on their way.`,
  browseAll: 'Browse all posts',
  newsletter,
};
