import { serializeJsonForHtml } from '../model/structuredData';

/** A JSON-LD data block: data, not script, so the CSP (script-src 'self') has nothing to allow. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForHtml(data) }} />;
}
