import { site } from '../shared/content/site';

/**
 * The page served when rendering itself failed: static, branded, and free of
 * any detail of the error. It uses the site's stylesheet when there is one.
 */
export function errorDocument(stylesheet?: string): string {
  const link = stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong | ${site.name}</title><meta name="robots" content="noindex">${link}</head>
<body><main id="main"><section class="error-page container" aria-labelledby="error-title">
<p class="eyebrow">Error 500</p><h1 id="error-title">We hit an unexpected problem</h1>
<p class="error-page__text">The page could not be shown. Please try again in a moment.</p>
<div class="error-page__actions"><a class="button button--primary" href="/">Back to home</a></div>
</section></main></body></html>`;
}
