import type { ErrorRequestHandler, RequestHandler } from 'express';

import { siteFacts } from '../../shared/content/data';
import type { Locale } from '../../shared/lib/locale';
import { defaultLocale, localeOf, localePrefix, localeTags } from '../../shared/lib/locale';
import type { Logger } from './logger';
import { currentRequestId } from './logger';
import { refusalTexts } from './refusals';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface StaticPage {
  eyebrow: string;
  title: string;
  paragraphs: string[];
  action: { href: string; label: string };
  stylesheet?: string;
  locale: Locale;
}

/** A small branded page written without React: for when rendering failed, or would cost too much. */
function staticPage({ eyebrow, title, paragraphs, action, stylesheet, locale }: StaticPage): string {
  const link = stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '';
  const text = paragraphs.map((paragraph) => `<p class="error-page__text">${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!DOCTYPE html>
<html lang="${localeTags[locale].lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${siteFacts.name}</title><meta name="robots" content="noindex">${link}</head>
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
export function errorDocument(stylesheet?: string, locale: Locale = defaultLocale): string {
  const texts = refusalTexts[locale].failure;
  // The request's id (server/http/requestId.ts), for the visitor to quote: it finds the request's log lines.
  const id = currentRequestId();
  return staticPage({
    eyebrow: texts.eyebrow,
    title: texts.title,
    paragraphs: id ? [texts.text, texts.reference(id)] : [texts.text],
    action: { href: localePrefix(locale) || '/', label: texts.home },
    stylesheet,
    locale,
  });
}

/**
 * The answer to a plain form post refused before its body was read (too many,
 * too large, from another site): a few hundred bytes instead of a page render.
 * The browser's Back button returns to the form with everything typed.
 */
export function noticeDocument({
  status,
  message,
  back,
  locale = defaultLocale,
}: {
  status: number;
  message: string;
  back: string;
  locale?: Locale;
}): string {
  const texts = refusalTexts[locale].notice;
  return staticPage({
    eyebrow: texts.eyebrow(status),
    title: texts.title,
    paragraphs: [message, texts.back],
    action: { href: back, label: texts.backLabel },
    locale,
  });
}

/**
 * The answer to what no route takes, a method the site does not answer on a page ("POST /services") or on
 * any other path: the not-found page's words, small and static, never the framework's own "Cannot POST" (decision 064).
 */
export const notFound: RequestHandler = (req, res) => {
  const locale = localeOf(req.path);
  const texts = refusalTexts[locale].notFound;
  res
    .status(404)
    .type('html')
    .send(
      staticPage({
        ...{ eyebrow: texts.eyebrow, title: texts.title, paragraphs: [texts.text], locale },
        action: { href: localePrefix(locale) || '/', label: texts.home },
      }),
    );
};

/**
 * The last handler: client errors raised by body parsers (malformed, bad
 * encoding) keep their 4xx status with a short JSON reason; anything else is
 * a 500, logged, with nothing internal shown.
 */
export function errorHandler(logger: Logger, counted: () => void = () => {}): ErrorRequestHandler {
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
    // One line with the stack; the logger adds the request's id.
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    counted();
    res.status(500).set('Cache-Control', 'no-store');
    if (req.accepts(['json', 'html']) === 'html') res.type('html').send(errorDocument(undefined, localeOf(req.path)));
    else res.json({ error: 'Internal server error.', requestId: currentRequestId() });
  };
}
