import type { BlogPost } from '../../content/blog';
import { authorInitials } from '../../model/blog';

/** The byline: author, readable date (the machine date in <time>) and read time. */
export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <div className="blog-meta">
      <span className="blog-meta__avatar" aria-hidden="true">
        {authorInitials(post.author)}
      </span>
      <span className="blog-meta__text">
        <span className="blog-meta__author">{post.author}</span>
        <span className="blog-meta__details">
          <time dateTime={post.date}>{post.dateText}</time>
          <span className="blog-meta__dot" aria-hidden="true">
            ·
          </span>
          <span>{post.readTime}</span>
        </span>
      </span>
    </div>
  );
}
