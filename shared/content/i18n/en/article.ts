/** The English article page's own words, gathered from shared/content/blog.ts. */
import { articleCopy } from '../../blog';

export const article = articleCopy;
