/** What a legal page's front matter gives (the Markdown in shared/content/legal, rendered by the build into shared/generated/legal): its head and the date it last changed. */
export interface LegalDocument {
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD) of the last change: shown on the page and in the sitemap. */
  updated: string;
  /** That date as the page's language writes it ("March 15, 2024"), by the build. */
  updatedText: string;
}
