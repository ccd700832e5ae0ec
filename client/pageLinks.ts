import type { Navigator } from 'react-router';

import { matchPage } from '../shared/pageShell';

/** The link a click follows, if it is one the page itself may follow: a plain left click, this tab, no download. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link?.hasAttribute('href') || link.hasAttribute('download') || (link.target && link.target !== '_self'))
    return null;
  return link;
}

/**
 * Follows the site's links as navigations in the page: the site's Link is a plain
 * anchor (shared/components/Link.tsx), and static sections still held keep the
 * server's HTML without handlers, as do an article's and a legal page's text.
 * Left to the browser: other origins and protocols, a fragment of the page on
 * screen, paths that are no page of the site (feeds, files), a link to another
 * language's page (hreflang), which loads whole with its texts, and a link that
 * asks for the whole document (data-reload-document: the way out of an error). A link's data-history-state
 * is its entry's state.
 * Call it after hydrateRoot, whose listeners on the document must run first.
 */
export function followPageLinks(navigator: Navigator): void {
  const follow = (event: MouseEvent) => {
    const link = followedLink(event);
    if (!link || link.hasAttribute('hreflang') || link.hasAttribute('data-reload-document')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    const samePath = url.pathname === window.location.pathname;
    if (samePath && url.search === window.location.search && url.hash) return;
    if (matchPage(url.pathname).page.status === 404) return;
    event.preventDefault();
    const to = { pathname: url.pathname, search: url.search, hash: url.hash };
    // The URL on screen again shows the page from its top, as a reload would, with no second history entry.
    if (url.href === window.location.href) return navigator.replace(to);
    // Another view of the page on screen (the blog's category or page) keeps the scroll position; the entry
    // carries the state its link names (the blog's first page shown, decision 090).
    const state = link.dataset.historyState;
    navigator.push(to, state ? (JSON.parse(state) as unknown) : undefined, { preventScrollReset: samePath });
  };
  // A click in a boundary React has not hydrated goes no further than React's capture listener
  // on the document: React stops it there, as it has no handler to give it to.
  document.addEventListener('click', (event) => event.cancelBubble && follow(event), true);
  // Any other click reaches the window after React's handlers (a menu link's closes the menu first).
  window.addEventListener('click', follow);
}
