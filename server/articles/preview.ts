/**
 * An article's preview (decision 052): the site's own article page, head and styles, with the article as
 * it is saved now among the published ones, for a signed-in staff member only. Like every console answer it
 * is never kept nor compressed (no-store, no-transform), noindex, and runs no script (script-src 'none').
 */
import type { Request, Response } from 'express';

import type { BlogPost } from '../../shared/content/blog';
import type { Locale } from '../../shared/lib/locale';
import { articleHead, postPath } from '../../shared/model/articles';
import { loadPage } from '../../shared/pageShell';
import { catalogues } from '../pages/catalogues';
import type { StreamPage } from '../pages/render';
import { renderArticle } from './markdown';
import { byBlogOrder, toBlogPost } from './publicPost';
import type { Article } from './store';

interface PreviewOptions {
  render: StreamPage;
  rootDir: string;
  /** The posts visitors see now in a language. */
  publishedPosts: (locale: Locale) => readonly BlogPost[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function articlePreview({ render, rootDir, publishedPosts }: PreviewOptions) {
  return async (req: Request, res: Response, saved: Article): Promise<void> => {
    // A published article's pending edit is what its preview shows: what "Publish changes" would make live.
    const article = saved.pending ? { ...saved, ...saved.pending } : saved;
    const rendered = renderArticle(article.body, article.locale, rootDir);
    // A body the rules refuse cannot be published; its preview says why where the body would be.
    const html = rendered.ok ? rendered.html : `<p><strong>${escapeText(rendered.error)}</strong></p>`;
    const post = toBlogPost(article, rendered.ok ? rendered.readTime : '');
    const posts = [...publishedPosts(article.locale).filter((other) => other.id !== post.id), post].sort(byBlogOrder);
    const path = postPath(post);
    const page = {
      path,
      chunk: 'Article',
      texts: ['posts', 'article'] as const,
      locale: article.locale,
      // A preview is no page of the site: no alternates, never indexed.
      alternates: {},
      noindex: true,
      ...articleHead(post, catalogues[article.locale].posts.categories),
    };
    const loaded = await loadPage(path, { page, data: html, posts });
    await render(
      req,
      res,
      { path, status: 200, wrap: (tree) => tree, loaded },
      {
        // The page's own headers are set by now: the console's rules replace what they say of caching and
        // script (decision 031), and keep the policy's allowance of the page's critical CSS.
        onShellReady() {
          res.setHeader('Cache-Control', 'no-store, no-transform');
          const policy = String(res.getHeader('Content-Security-Policy') ?? '');
          res.setHeader('Content-Security-Policy', policy.replace(/script-src [^;]*/, "script-src 'none'"));
          return undefined;
        },
      },
    );
  };
}
