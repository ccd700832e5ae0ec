/** The English legal pages: their heads from the Markdown's front matter (shared/content/legal) and the words around them. */
import { legalDocuments } from '../../../generated/legal';

export const legal = {
  eyebrow: 'Legal',
  updated: 'Last updated:',
  /** In place of a fact of the lab's legal identity whose setting the server lacks (LAB_*, server/config.ts). */
  notPublished: '(not yet published)',
  keywords: {
    privacy: ['privacy policy', 'personal information', 'PIPEDA', 'data retention', 'your rights'],
    terms: ['terms of service', 'website terms', 'pricing in CAD', 'intellectual property', 'liability'],
  },
  documents: legalDocuments,
};
