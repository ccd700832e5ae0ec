/** The English article page's own words, gathered from shared/content/blog.ts. */
import { articleCopy } from '../../article';

export const article = articleCopy;
