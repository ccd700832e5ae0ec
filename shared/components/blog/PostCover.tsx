import type { BlogPost } from '../../content/blog';
import { LogoMark } from '../Logo';
import { ResponsiveImage } from '../ResponsiveImage';

interface PostCoverProps {
  post: BlogPost;
  className: string;
  sizes: string;
  priority?: boolean;
}

/**
 * A post's cover in a card or a list: its image or, for a post without one, the blog's own cover (the
 * artwork's ground and the lab's mark), so the card keeps its shape and its look. Decorative either way:
 * the title beside it says what the post is.
 */
export function PostCover({ post, className, sizes, priority = false }: PostCoverProps) {
  if (post.image) return <ResponsiveImage className={className} src={post.image} sizes={sizes} priority={priority} />;
  return (
    <span className={`${className} post-cover`} aria-hidden="true">
      <LogoMark />
    </span>
  );
}
