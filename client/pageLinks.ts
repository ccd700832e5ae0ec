import type { Navigator } from 'react-router';
import { matchPage } from '../shared/routeTree';

/** The link a click follows, if it is one the page itself may follow: a plain left click, this tab, no download. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link?.hasAttribute('href') || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  return link;
}

/**
 * Follows links that no router link handled as navigations of the site: the
 * links inside static sections still held (server HTML, no handlers yet) and in
 * an article's or a legal page's text. Without this they would load the whole
 * document. Left to the browser: other origins and protocols, a fragment of the
 * page on screen, paths that are no page of the site (feeds, files), and a link
 * to another language's page (hreflang), which loads whole with its texts.
 * Call it after hydrateRoot, whose listeners on the document must run first.
 */
export function followPageLinks(navigator: Navigator): void {
  const follow = (event: MouseEvent) => {
    const link = followedLink(event);
    if (!link || link.hasAttribute('hreflang')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    const samePath = url.pathname === window.location.pathname;
    if (samePath && url.search === window.location.search && url.hash) return;
    if (matchPage(url.pathname).page.status === 404) return;
    event.preventDefault();
    // Another view of the page on screen (the blog's category or page) keeps the scroll position, as its router links do.
    navigator.push({ pathname: url.pathname, search: url.search, hash: url.hash }, undefined, { preventScrollReset: samePath });
  };
  // A click in a boundary React has not hydrated goes no further than React's capture listener
  // on the document: React stops it there, as it has no handler to give it to.
  document.addEventListener('click', (event) => event.cancelBubble && follow(event), true);
  // Any other click reaches the window after React's handlers; a router link's prevented its default.
  window.addEventListener('click', follow);
}
