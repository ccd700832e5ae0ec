/** The path of a console list's Newer or Older link (decision 091), as a request would ask for it; undefined without one. */
export const pageLink = (html: string, rel: 'next' | 'prev') =>
  new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
