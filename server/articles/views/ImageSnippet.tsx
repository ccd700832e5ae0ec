import type { Locale } from '../../../shared/lib/locale';
import { languageNames } from '../../lib/languageNames';
import type { LibraryImage } from '../images';

/** The Markdown that places an image in a body of one language, with that language's alt text. */
const markdownOf = (image: LibraryImage, locale: Locale) =>
  `![${(image.alts[locale] ?? '').replace(/[[\]]/g, '')}](${image.path})`;

/** The image's Markdown for a language, or what is missing before it can be placed. */
export function ImageSnippet({ image, locale }: { image: LibraryImage; locale: Locale }) {
  if (!image.alts[locale]) return <p className="staff-muted">No {languageNames[locale]} alt text yet.</p>;
  return (
    <p>
      {languageNames[locale]}: <code data-markdown>{markdownOf(image, locale)}</code>
    </p>
  );
}
