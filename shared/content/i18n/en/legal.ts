/** The English legal pages: their heads from the Markdown's front matter and the words around them. */
import { legalCopy, legalDocuments } from '../../legal';

export const legal = { ...legalCopy, documents: legalDocuments };
