/** The English blog page, gathered from shared/content/blogHead.ts and blogPage.ts. */
import { blogHead } from '../../blogHead';
import { blogPage } from '../../blogPage';

export const blog = { head: blogHead, ...blogPage };
