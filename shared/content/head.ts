/** What a page says about itself in <head>; the route table gives one per page. */
export interface PageHead {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Kept out of search engines and the sitemap. */
  noindex?: boolean;
  /** An article's Open Graph facts; a page without them is a "website". */
  article?: {
    /** ISO date. */
    publishedTime: string;
    author: string;
    /** Its category's label. */
    section: string;
  };
}

/** A head's words: a translated page's are in its catalogue part (`head`), the others' in the route table. */
export type HeadText = Pick<PageHead, 'title' | 'description' | 'keywords'>;
