import { createContext } from 'react';

/**
 * The token of the link a newsletter page was opened with. Only the server
 * provides it, for that one answer (never cached, no script): a token never
 * reaches the page cache or the browser's router.
 */
export const NewsletterTokenContext = createContext<string | null>(null);
