import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';

import { preferredLocale } from '../lib/locale';
import type { HintBannerProps } from './LanguageHintBanner';
import { useHydrated } from './useHydrated';
import { useLocale } from './useLocale';

/** Where the browser remembers that the visitor dismissed the hint. */
export const DISMISSED_KEY = 'language-hint-dismissed';

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
 * The banner and its words are a chunk loaded only when it is offered, so no
 * other visitor downloads them.
 */
export function LanguageHint() {
  const hydrated = useHydrated();
  const { locale, alternates } = useLocale();
  const [dismissed, setDismissed] = useState(false);
  const [Banner, setBanner] = useState<ComponentType<HintBannerProps>>();
  const preferred = hydrated ? preferredLocale(navigator.languages) : undefined;
  const href = preferred && preferred !== locale ? alternates[preferred] : undefined;
  // Dismissed once, it stays away.
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Not remembered without storage; it is gone from this page anyway.
    }
  };
  const offered = Boolean(href) && !dismissed && !wasDismissed();
  useEffect(() => {
    if (!offered || Banner) return;
    import('./LanguageHintBanner').then(
      (module) => setBanner(() => module.LanguageHintBanner),
      // Only an offer: without its chunk (offline, a new deploy) the page simply goes without it.
      () => undefined,
    );
  }, [offered, Banner]);
  if (!offered || !preferred || !href || !Banner) return null;
  return <Banner offer={preferred} href={href} onDismiss={dismiss} />;
}
