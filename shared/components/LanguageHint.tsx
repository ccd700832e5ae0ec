import { useState } from 'react';
import { hintTexts } from '../content/i18n/hints';
import type { Locale } from '../lib/locale';
import { localeTags, preferredLocale } from '../lib/locale';
import { useHydrated } from './useHydrated';
import { useLocale } from './useLocale';

const DISMISSED_KEY = 'language-hint-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    // Storage can be unavailable (privacy modes): the hint then shows until dismissed on this page.
    return false;
  }
}

/**
 * Offers this page in the visitor's language when the browser prefers
 * another one the page exists in (navigator.languages is what Accept-Language
 * sends). Decided in the browser after hydration, so the page itself is the
 * same for everyone and stays cacheable; never a redirect, never a cookie.
 */
export function LanguageHint() {
  const hydrated = useHydrated();
  const { locale, alternates } = useLocale();
  const [dismissed, setDismissed] = useState(false);
  if (!hydrated || dismissed) return null;
  const preferred = preferredLocale(navigator.languages);
  const href = preferred && preferred !== locale ? alternates[preferred] : undefined;
  if (!preferred || !href || wasDismissed()) return null;
  return <LanguageHintBanner offer={preferred} href={href} onDismiss={() => setDismissed(true)} />;
}

interface HintBannerProps {
  offer: Locale;
  href: string;
  onDismiss: () => void;
}

/** The hint itself, written in the language it offers; dismissed once, it stays away (localStorage). */
function LanguageHintBanner({ offer, href, onDismiss }: HintBannerProps) {
  const texts = hintTexts[offer];
  const { lang } = localeTags[offer];
  const dismiss = () => {
    onDismiss();
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Not remembered without storage; it is gone from this page anyway.
    }
  };
  return (
    <aside className="language-hint" lang={lang} aria-label={texts.text}>
      <div className="container language-hint__inner">
        <p className="language-hint__text">
          {texts.text}{' '}
          <a href={href} hrefLang={lang} className="language-hint__link">
            {texts.link}
          </a>
        </p>
        <button type="button" className="language-hint__dismiss" onClick={dismiss}>
          {texts.dismiss}
        </button>
      </div>
    </aside>
  );
}
