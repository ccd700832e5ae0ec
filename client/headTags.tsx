import type { ReactNode } from 'react';

/**
 * What the browser build uses in place of react-helmet-async (build.mjs aliases it). On React 19,
 * Helmet only turns its children back into the same <title>, <meta> and <link> elements, which React
 * hoists into <head> and matches to the server's by their attributes; rendering the children as they
 * are does the same without shipping Helmet to every first visit (docs/decisions/025-head-tags-without-react-helmet-async-in-browser.md).
 */
export function Helmet({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export function HelmetProvider({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
