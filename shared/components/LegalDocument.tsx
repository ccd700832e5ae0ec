import type { LegalDocument as LegalDocumentContent } from '../content/legal';
import { loadLegalBody } from '../model/legalBodies';
import { PageHero } from './PageHero';
import { StaticBody } from './StaticBody';
import { useLocale } from './useLocale';
import { usePage } from './usePage';

/**
 * A legal page in the page's language: its heading and summary, the text the
 * build rendered from Markdown (loaded from its own chunk by the route's
 * loader, static on a first visit), and the date it last changed.
 */
export function LegalDocument({ name }: { name: 'privacy' | 'terms' }) {
  const html = usePage().data as string | null | undefined;
  const { locale, catalogue } = useLocale();
  const { eyebrow, updated, documents } = catalogue.legal;
  const document: LegalDocumentContent = documents[name];
  return (
    <>
      <PageHero eyebrow={eyebrow} title={document.title} intro={document.description} />
      <div className="legal">
        <div className="container legal__body">
          <StaticBody html={html} load={() => loadLegalBody(locale, name)} />
          <p className="legal__updated">
            {updated} <time dateTime={document.updated}>{document.updatedText}</time>
          </p>
        </div>
      </div>
    </>
  );
}
