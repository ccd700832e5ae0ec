import { preinit } from 'react-dom';

let loading: Promise<void> | undefined;

/**
 * Adds the whole stylesheet (once) and resolves when it applies. React places it after the page's
 * inline CSS, which holds the same rules for that page. A stylesheet that fails to load resolves
 * too: the next page then shows with the CSS it shares with this one rather than not at all.
 */
export function loadStylesheet(href: string): Promise<void> {
  loading ??= new Promise((resolve) => {
    preinit(href, { as: 'style', precedence: 'default' });
    const link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (element) => element.getAttribute('href') === href,
    );
    if (!link || link.sheet) return resolve();
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  return loading;
}
