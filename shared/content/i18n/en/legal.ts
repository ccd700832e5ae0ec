/** The English legal pages: their heads from the Markdown's front matter and the words around them. */
import { legalCopy } from '../../legal';
import { legalDocuments } from '../../../generated/legal';

export const legal = { ...legalCopy, documents: legalDocuments };
