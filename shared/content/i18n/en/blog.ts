/** The English blog page. */
import { blogHead } from '../../blogHead';

export const blog = { head: blogHead };
