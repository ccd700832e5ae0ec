import type { AnchorHTMLAttributes } from 'react';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the site, as localize() or postPath() gives it. */
  to: string;
  /** Load the whole document, not a page in it: the way out of an error. */
  reloadDocument?: boolean;
  /** The state of the history entry its navigation adds (the blog's pages added in place), as JSON in the markup. */
  state?: object;
}

/**
 * A link to a page of the site: a plain anchor, which followPageLinks (client/pageLinks.ts)
 * follows in the page once the client runs, as it follows every link of a static section.
 * React Router's Link would do the same for the hydrated parts, with a DOM module on every page
 * (docs/decisions/006-own-link-instead-of-react-router-link.md).
 */
export function Link({ to, reloadDocument, state, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={to}
      data-reload-document={reloadDocument ? '' : undefined}
      data-history-state={state ? JSON.stringify(state) : undefined}
    />
  );
}
