import { siteFacts } from '../../shared/content/data';
import { findPage, pageHead } from '../../shared/routes';
import { catalogues } from '../pages/catalogues';

/** What the articles' route stands for in the top pages: each article has a row of its own in the articles' table. */
const ARTICLES = 'Articles (each in the table of articles)';

/**
 * A counted page's name for the console (decision 078): its title as the page's head gives it, in the page's
 * language, without the site's name; "Articles" for the articles' route pattern; undefined for "(other)".
 */
export function pageTitle(pattern: string): string | undefined {
  const found = findPage(pattern);
  if (!found) return pattern.includes('/:') ? ARTICLES : undefined;
  const title = pageHead(found.page, catalogues[found.page.locale]).title;
  // "Services & Pricing | Meridian Lab", and the home page's "Meridian Lab | Custom Websites, …".
  return (
    title
      .split(' | ')
      .filter((part) => part !== siteFacts.name)
      .join(' | ') || title
  );
}
