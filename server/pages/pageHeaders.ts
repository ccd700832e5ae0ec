import type { HeaderList, SecurityHeaders } from '../http/security';

/**
 * The one place a page's headers are made, for its first render (set on the response as React starts
 * streaming) and for its kept answers (prepared once, written at once): its security headers with the
 * policy that allows its own critical CSS (styleHash), its type and its caching. A page that carries what
 * a visitor typed is never stored, not even by a shared cache, and keeps other windows away; the rest are
 * the same for every visitor and revalidate (pages change with each deploy). What a kept answer adds
 * describes its bytes only (encoding, length, ETag, Vary).
 */
export type PageHeaders = (styleHash: string, visitorData?: boolean) => HeaderList;

export function pageHeaders(security: Pick<SecurityHeaders, 'headersFor'>): PageHeaders {
  return (styleHash, visitorData = false) => [
    ...security.headersFor(styleHash, visitorData),
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Cache-Control', visitorData ? 'no-store' : 'no-cache'],
  ];
}
