/** The legal pages: their texts are Markdown in shared/content/legal, rendered by the build into shared/generated/legal. */

/** What a legal page's front matter gives: its head and the date it last changed. */
export interface LegalDocument {
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD) of the last change: shown on the page and in the sitemap. */
  updated: string;
  /** That date as the page's language writes it ("March 15, 2024"), by the build. */
  updatedText: string;
}

/** The words around every legal page's text, and each page's keywords. */
export const legalCopy = {
  eyebrow: 'Legal',
  updated: 'Last updated:',
  keywords: {
    privacy: ['privacy policy', 'personal information', 'PIPEDA', 'data retention', 'your rights'],
    terms: ['terms of service', 'website terms', 'pricing in CAD', 'intellectual property', 'liability'],
  },
};
