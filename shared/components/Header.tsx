import { siteFacts } from '../content/data';
import { LanguageSwitch } from './LanguageSwitch';
import { Link } from './Link';
import { LogoMark } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { useLocale } from './useLocale';

export function Header() {
  const { catalogue, localize } = useLocale();
  const { headerCta } = catalogue.navigation;
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to={localize('/')} className="brand" aria-label={catalogue.layout.homeLabel}>
          <LogoMark />
          <span className="brand__name">{siteFacts.name}</span>
        </Link>
        <nav className="site-nav" aria-label={catalogue.layout.mainNavLabel}>
          <NavLinks className="site-nav__list" />
        </nav>
        <LanguageSwitch className="language-switch site-header__language" />
        <Link to={localize(headerCta.to)} className="button button--primary site-header__cta">
          {headerCta.label}
        </Link>
        <MobileMenu />
      </div>
    </header>
  );
}
