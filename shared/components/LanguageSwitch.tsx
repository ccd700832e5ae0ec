import { locales, localeTags } from '../lib/locale';
import { useLocale } from './useLocale';

/**
 * Links to this page in the other languages it exists in, each named in its
 * own language. A plain link: the other language's page loads whole, with its
 * own catalogue.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { locale, alternates } = useLocale();
  const others = locales.filter((other) => other !== locale && alternates[other] !== undefined);
  if (others.length === 0) return null;
  return (
    <ul className={className}>
      {others.map((other) => (
        <li key={other}>
          <a
            href={alternates[other]}
            hrefLang={localeTags[other].lang}
            lang={localeTags[other].lang}
            className="language-switch__link"
          >
            {localeTags[other].name}
          </a>
        </li>
      ))}
    </ul>
  );
}
