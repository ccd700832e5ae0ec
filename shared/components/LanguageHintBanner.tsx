/** The language hint's banner and its words: a chunk of its own, loaded only for a visitor it is offered to. */
import { hintTexts } from '../content/i18n/hints';
import type { Locale } from '../lib/locale';
import { localeTags } from '../lib/locale';

export interface HintBannerProps {
  offer: Locale;
  href: string;
  onDismiss: () => void;
}

/** The hint itself, written in the language it offers. */
export function LanguageHintBanner({ offer, href, onDismiss }: HintBannerProps) {
  const texts = hintTexts[offer];
  const { lang } = localeTags[offer];
  return (
    <aside className="language-hint" lang={lang} aria-label={texts.text}>
      <div className="container language-hint__inner">
        <p className="language-hint__text">
          {texts.text}{' '}
          <a href={href} hrefLang={lang} className="language-hint__link">
            {texts.link}
          </a>
        </p>
        <button type="button" className="language-hint__dismiss" onClick={onDismiss}>
          {texts.dismiss}
        </button>
      </div>
    </aside>
  );
}
