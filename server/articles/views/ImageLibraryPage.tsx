import { locales } from '../../../shared/lib/locale';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { languageNames } from '../../lib/languageNames';
import { LIMITS } from '../fields';
import type { LibraryImage } from '../images';
import { thumbnailOf } from '../uploadedImages';
import { ImageSnippet } from './ImageSnippet';

interface ImageLibraryPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  images: LibraryImage[];
  saved: boolean;
}

/** Every uploaded image, its alt text per language, and the Markdown that places it in an article's body. */
export function ImageLibraryPage({ assets, user, images, saved }: ImageLibraryPageProps) {
  return (
    <ConsoleDocument title="Image library" assets={assets} user={user} section="articles">
      <p className="staff-back">
        <a className="staff-link" href="/staff/articles">
          ← All articles
        </a>
      </p>
      <ConsoleHeading eyebrow="Articles" title="Image library">
        <p className="staff-heading__meta">
          Every image uploaded as a cover. Give each its alt text in each language, then copy its Markdown into a body.
        </p>
      </ConsoleHeading>
      {saved && <Notice tone="success">Alt text saved.</Notice>}
      {images.length === 0 && <p>No image uploaded yet: choose a cover in an article’s editor.</p>}
      <ul className="staff-library">
        {images.map((image) => (
          <li key={image.hash} id={`image-${image.hash}`} className="staff-panel card staff-library__item">
            {image.status === 'ready' ? (
              <img className="staff-library__thumb" src={thumbnailOf(image.path)} alt="" width={160} />
            ) : (
              <p className="staff-muted">{image.status === 'processing' ? 'Processing…' : 'Could not be made.'}</p>
            )}
            <form className="staff-form" method="post" action={`/staff/articles/images/${image.hash}`}>
              <CsrfField user={user} />
              {locales.map((locale) => (
                <LabelledField
                  key={locale}
                  id={`alt-${image.hash}-${locale}`}
                  label={`Alt text (${languageNames[locale]})`}
                >
                  <input
                    className="contact-field__control"
                    id={`alt-${image.hash}-${locale}`}
                    name={`alt-${locale}`}
                    type="text"
                    defaultValue={image.alts[locale] ?? ''}
                    maxLength={LIMITS.imageAlt}
                  />
                </LabelledField>
              ))}
              <button className="button button--secondary" type="submit">
                Save alt texts
              </button>
            </form>
            {locales.map((locale) => (
              <ImageSnippet key={locale} image={image} locale={locale} />
            ))}
          </li>
        ))}
      </ul>
    </ConsoleDocument>
  );
}
