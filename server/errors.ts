import type { ErrorRequestHandler } from 'express';
import { site } from '../shared/content/site';
import type { Logger } from './logger';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface StaticPage {
  eyebrow: string;
  title: string;
  paragraphs: string[];
  action: { href: string; label: string };
  stylesheet?: string;
}

/** A small branded page written without React: for when rendering failed, or would cost too much. */
function staticPage({ eyebrow, title, paragraphs, action, stylesheet }: StaticPage): string {
  const link = stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '';
  const text = paragraphs.map((paragraph) => `<p class="error-page__text">${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${site.name}</title><meta name="robots" content="noindex">${link}</head>
<body><main id="main"><section class="error-page container" aria-labelledby="error-title">
<p class="eyebrow">${escapeHtml(eyebrow)}</p><h1 id="error-title">${escapeHtml(title)}</h1>
${text}
<div class="error-page__actions"><a class="button button--primary" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></div>
</section></main></body></html>`;
}

/**
 * The page served when rendering itself failed: static, branded, and free of
 * any detail of the error. It uses the site's stylesheet when there is one.
 */
export function errorDocument(stylesheet?: string): string {
  return staticPage({
    eyebrow: 'Error 500',
    title: 'We hit an unexpected problem',
    paragraphs: ['The page could not be shown. Please try again in a moment.'],
    action: { href: '/', label: 'Back to home' },
    stylesheet,
  });
}

/**
 * The answer to a plain form post refused before its body was read (too many,
 * too large, from another site): a few hundred bytes instead of a page render.
 * The browser's Back button returns to the form with everything typed.
 */
export function noticeDocument({ status, message, back }: { status: number; message: string; back: string }): string {
  return staticPage({
    eyebrow: `Error ${status}`,
    title: 'Nothing was sent',
    paragraphs: [message, "Use your browser's Back button to return to the form: what you typed is still there."],
    action: { href: back, label: 'Back to the form' },
  });
}

/**
 * The last handler: client errors raised by body parsers (malformed, bad
 * encoding) keep their 4xx status with a short JSON reason; anything else is
 * a 500, logged, with nothing internal shown.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: { status?: unknown; expose?: unknown; message?: unknown }, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = typeof error.status === 'number' ? error.status : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({ error: error.expose ? String(error.message) : 'Bad request.' });
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, 'request failed');
    res.status(500).json({ error: 'Internal server error.' });
  };
}
