import type { LegalDocument as LegalDocumentContent } from '../content/legal';
import { formatPostDate } from '../lib/blog';
import { PageHero } from './PageHero';

/** A legal page: its heading and summary, the text the build rendered from Markdown, and the date it last changed. */
export function LegalDocument({ document, html }: { document: LegalDocumentContent; html: string }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title} intro={document.description} />
      <div className="legal">
        <div className="container legal__body">
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
          <p className="legal__updated">
            Last updated: <time dateTime={document.updated}>{formatPostDate(document.updated)}</time>
          </p>
        </div>
      </div>
    </>
  );
}
