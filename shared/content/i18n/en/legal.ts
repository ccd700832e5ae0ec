/** The English legal pages: their heads from the Markdown's front matter (shared/content/legal) and the words around them. */
import { legalDocuments } from '../../../generated/legal';

export const legal = {
  eyebrow: 'Legal',
  updated: 'Last updated:',
  keywords: {
    privacy: ['privacy policy', 'personal information', 'PIPEDA', 'data retention', 'your rights'],
    terms: ['terms of service', 'website terms', 'pricing in CAD', 'intellectual property', 'liability'],
  },
  documents: legalDocuments,
};
